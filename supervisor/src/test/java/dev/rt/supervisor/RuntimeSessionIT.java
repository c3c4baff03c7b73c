package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.RuntimeConfigLoader;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

/** The whole {@code rt start} session in-process, with stand-in signals: restart of the runtime, SIGTERM. */
class RuntimeSessionIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Pattern LISTENING = Pattern.compile("rt is now listening at (http://[0-9.:]+)");

    @TempDir
    Path dir;

    private final LogCapture output = new LogCapture();
    private final Map<String, Runnable> handlers = new ConcurrentHashMap<>();
    private final HttpClient client = HttpClient.newHttpClient();
    private CompletableFuture<Integer> exit;

    private RuntimeSession session(String json) throws Exception {
        Files.writeString(dir.resolve("rt.json"), json);
        RuntimeConfigLoader loader = new RuntimeConfigLoader(Map.of(), dir);
        return new RuntimeSession(loader.load(Optional.empty()), () -> loader.load(Optional.empty()),
                RuntimeOptions.DEFAULTS, new RuntimeLog(new PrintStream(output, true, StandardCharsets.UTF_8), false),
                Map.of("RT_CLASS_DATA_SHARING", "false"), handlers::put);
    }

    private static String config(String greeting) {
        return runtimeWith("", "api", service("api", "probe", "\"env\": {\"GREETING\": \"" + greeting + "\"}"));
    }

    private String greeting(String listeningLine) throws Exception {
        Matcher url = LISTENING.matcher(listeningLine);
        assertThat(url.find()).isTrue();
        return client.send(HttpRequest.newBuilder(URI.create(url.group(1) + "/env?name=GREETING")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    @AfterEach
    void stopIfRunning() throws Exception {
        if (exit != null && !exit.isDone()) {
            handlers.get("TERM").run();
            exit.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    void restartStopsEveryServiceAndStartsAgainFromTheConfigurationFileAsItIsNow() throws Exception {
        RuntimeSession session = session(config("before"));
        exit = CompletableFuture.supplyAsync(session::run);
        assertThat(greeting(output.await("rt is now listening", LIMIT))).isEqualTo("before");
        Files.writeString(dir.resolve("rt.json"), config("after"));

        session.restart();

        output.await("The runtime has been restarted.", LIMIT);
        String log = output.text();
        String second = log.substring(log.indexOf("Restarting the runtime ..."));
        assertThat(second).contains("Stopped the worker 0 of the service \\\"api\\\".");
        assertThat(greeting(second.substring(second.indexOf("rt is now listening")))).isEqualTo("after");
        handlers.get("TERM").run();
        assertThat(exit.get(LIMIT.toSeconds(), TimeUnit.SECONDS)).isZero();
        assertThat(output.text()).contains("Received SIGTERM, stopping the runtime ...");
    }

    @Test
    void aConfigurationThatLoadsButCannotStartIsFollowedByThePreviousOneAgain() throws Exception {
        RuntimeSession session = session(config("before"));
        exit = CompletableFuture.supplyAsync(session::run);
        output.await("rt is now listening", LIMIT);
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Files.writeString(dir.resolve("rt.json"), config("after").replace("\"port\": 0",
                    "\"hostname\": \"127.0.0.1\", \"port\": " + taken.getLocalPort()));

            session.restart();

            output.await("Starting it again as it was.", LIMIT);
            output.await("The runtime has been restarted.", LIMIT);
        }
        String log = output.text();
        String again = log.substring(log.indexOf("Starting it again as it was."));
        assertThat(log).contains("Cannot restart the runtime with its new configuration: ");
        assertThat(greeting(again.substring(again.indexOf("rt is now listening")))).isEqualTo("before");
        assertThat(exit).isNotDone();
    }

    @Test
    void aConfigurationThatNoLongerLoadsLeavesTheRuntimeRunningAsItIs() throws Exception {
        RuntimeSession session = session(config("before"));
        exit = CompletableFuture.supplyAsync(session::run);
        String listening = output.await("rt is now listening", LIMIT);
        Files.writeString(dir.resolve("rt.json"), "{\"services\": [");

        session.restart();

        output.await("Cannot restart the runtime: ", LIMIT);
        assertThat(greeting(listening)).isEqualTo("before");
        assertThat(output.text()).doesNotContain("Restarting the runtime");
    }
}
