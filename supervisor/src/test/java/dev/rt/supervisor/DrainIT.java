package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.RuntimeConfigLoader;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gracefulShutdown.drain}: on SIGTERM (a stand-in signal, as in {@link RuntimeSessionIT}) {@code /ready}
 * fails at once while the entrypoint goes on serving under load, every response closing its connection, and a request
 * in flight when the drain ends still gets its answer.
 */
class DrainIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Pattern LISTENING = Pattern.compile("rt is now listening at (http://[0-9.:]+)");
    private static final Pattern METRICS = Pattern.compile("metrics server is listening at (http://[0-9.:]+)");

    @TempDir
    Path dir;

    private final LogCapture output = new LogCapture();
    private final Map<String, Runnable> handlers = new ConcurrentHashMap<>();
    private final HttpClient client = HttpClient.newHttpClient();
    private CompletableFuture<Integer> exit;

    @AfterEach
    void stopIfRunning() throws Exception {
        if (exit != null && !exit.isDone()) {
            handlers.get("TERM").run();
            handlers.get("TERM").run(); // a second signal cuts the drain short
            exit.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    private String start(int drainMillis) throws Exception {
        Files.writeString(dir.resolve("rt.json"), runtimeWith("\"gracefulShutdown\": {\"drain\": " + drainMillis + "}, "
                + "\"metrics\": {\"hostname\": \"127.0.0.1\", \"port\": 0}, ", "api", service("api", "probe")));
        RuntimeConfigLoader loader = new RuntimeConfigLoader(Map.of(), dir);
        RuntimeSession session = new RuntimeSession(loader.load(Optional.empty()), () -> loader.load(Optional.empty()),
                RuntimeOptions.DEFAULTS, new RuntimeLog(new PrintStream(output, true, StandardCharsets.UTF_8), false),
                Map.of("RT_CLASS_DATA_SHARING", "false"), handlers::put);
        exit = CompletableFuture.supplyAsync(session::run);
        return group(LISTENING, output.await("rt is now listening", LIMIT));
    }

    private static String group(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        assertThat(matcher.find()).as(text).isTrue();
        return matcher.group(1);
    }

    private int status(String url) throws InterruptedException {
        try {
            return client.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        }
    }

    @Test
    void readinessFailsAtOnceWhileEveryRequestUnderLoadIsStillServedUntilTheDrainEnds() throws Exception {
        String url = start(15_000);
        String ready = group(METRICS, output.text()) + "/ready";
        assertThat(status(ready)).isEqualTo(200);
        try (Load load = Load.start(List.of(url + "/hello"), 4, body -> !body.isEmpty())) {
            load.awaitSuccesses(50, LIMIT);
            long signalled = System.nanoTime();
            handlers.get("TERM").run();
            output.await("Draining for 15000 ms", LIMIT);
            long readyFailedMillis = (System.nanoTime() - signalled) / 1_000_000;
            assertThat(status(ready)).isEqualTo(500);
            CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(
                    HttpRequest.newBuilder(URI.create(url + "/sleep?ms=16000")).build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> during = client.send(HttpRequest.newBuilder(URI.create(url + "/hello")).build(),
                    HttpResponse.BodyHandlers.ofString());
            load.awaitSuccesses(20, LIMIT);
            load.close();

            assertThat(output.text()).as("the load ran within the drain").doesNotContain("The drain is over");
            assertThat(load.failures()).isEmpty();
            assertThat(readyFailedMillis).isLessThan(2000);
            assertThat(during.statusCode()).isEqualTo(200);
            assertThat(during.headers().firstValue("connection")).contains("close");
            // began after the signal, it sleeps past the drain's end: the entrypoint has stopped accepting by then
            HttpResponse<String> slept = inFlight.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(output.text()).contains("The drain is over; the entrypoint stops accepting.");
            assertThat(slept.statusCode()).isEqualTo(200);
            assertThat(slept.body()).isEqualTo("slept");
        }
        assertThat(exit.get(LIMIT.toSeconds(), TimeUnit.SECONDS)).isZero();
        assertThat(output.text()).contains("Draining for 15000 ms: /ready fails");
    }

    @Test
    void aSecondSignalCutsTheDrainShort() throws Exception {
        start(600_000);
        // logged a second after the start has returned: a signal before that return stops as during start-up
        output.await("is ready to take over", LIMIT);
        handlers.get("TERM").run();
        output.await("Draining for 600000 ms", LIMIT);
        handlers.get("TERM").run();

        assertThat(exit.get(LIMIT.toSeconds(), TimeUnit.SECONDS)).isZero();
        assertThat(output.text()).contains("The drain was cut short.");
    }
}
