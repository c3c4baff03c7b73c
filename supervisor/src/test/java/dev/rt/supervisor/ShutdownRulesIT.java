package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Graceful shutdown with real worker JVMs: order, requests in flight, shutdown hooks, forced kills. */
class ShutdownRulesIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private static String stopping(String service) {
        return "Stopping the worker 0 of the service \\\"" + service + "\\\"";
    }

    @Test
    void requestsInFlightFinishWithConnectionCloseAndServicesStopEntrypointFirstThenInReverse() throws Exception {
        String config = runtime("api", service("a", "probe"), service("api", "probe"), service("b", "probe"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            HttpClient client = HttpClient.newHttpClient();
            List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
            for (String path : List.of("/slow?ms=1500", "/slow?ms=1500", "/call?url=http://b.rt.local/slow?ms=1500")) {
                inFlight.add(client.sendAsync(HttpRequest.newBuilder(URI.create(rt.url() + path)).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            rt.awaitCount("slow request started", 3, LIMIT);

            rt.supervisor().stop();

            for (CompletableFuture<HttpResponse<String>> response : inFlight) {
                HttpResponse<String> answered = response.get(5, TimeUnit.SECONDS);
                assertThat(answered.statusCode()).isEqualTo(200);
                assertThat(answered.body()).endsWith("slept");
                assertThat(answered.headers().firstValue("connection")).hasValue("close");
            }
            String log = rt.log();
            assertThat(log.indexOf(stopping("api"))).isPositive().isLessThan(log.indexOf(stopping("b")));
            assertThat(log.indexOf(stopping("b"))).isLessThan(log.indexOf(stopping("a")));
            assertThat(log).doesNotContain("Killing it").doesNotContain("unexpectedly exited");
        }
    }

    @Test
    void aSlowShutdownHookFinishesWithinTheGracePeriod() throws Exception {
        String config = runtime("api", service("api", "slow-shutdown", "\"env\": {\"SLOW_SHUTDOWN_MS\": \"1000\"}"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            long pid = rt.worker("api:0").pid();
            ProcessHandle process = ProcessHandle.of(pid).orElseThrow();

            rt.supervisor().stop();

            assertThat(process.isAlive()).isFalse();
            rt.awaitLog("slow-shutdown: cleaned up"); // the worker's own line, on its stdout
            assertThat(rt.log()).contains("Stopped the worker 0 of the service").doesNotContain("Killing it");
        }
    }

    @Test
    void aWorkerThatDoesNotStopIsKilledAfterGracefulShutdownService() throws Exception {
        String config = runtimeWith("\"gracefulShutdown\": {\"service\": 1000, \"runtime\": 30000}, ", "api",
                service("api", "ignores-stop"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            long pid = rt.worker("api:0").pid();
            long started = System.nanoTime();

            rt.supervisor().stop();

            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(1000)).isLessThan(Duration.ofSeconds(8));
            rt.awaitLog("ignores-stop: not stopping"); // the worker's own line, on its stdout
            assertThat(rt.log()).contains("Timeout while stopping the worker 0 of the service \\\"api\\\". Killing it.");
        }
    }
}
