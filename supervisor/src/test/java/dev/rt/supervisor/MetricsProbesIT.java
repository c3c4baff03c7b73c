package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.metrics.MetricsFormat;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The metrics server's probes through start-up, a crash and a quarantine; its basic auth; the restart counter. */
class MetricsProbesIT {
    private static final String METRICS = "\"metrics\": {\"hostname\": \"127.0.0.1\", \"port\": 0";

    @TempDir
    Path dir;

    @Test
    void readinessFailsWhileStartingAndWhileTheOnlyWorkerIsDownThenPassesAgain() throws Exception {
        String slow = "\"env\": {\"SLOW_START_MS\": \"2500\"}, \"restartOnError\": 1000";
        try (RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, runtimeWith(METRICS + "}, ", "api",
                service("api", "slow-start", slow)))) {
            CompletableFuture<RuntimeUnderTest> started = CompletableFuture.supplyAsync(rt::start);
            MetricsClient probes = new MetricsClient(await("the metrics server", () -> rt.supervisor().metricsAddress()
                    .filter(a -> !started.isDone()).orElse(null)));

            HttpResponse<String> starting = probes.get("/ready");
            assertThat(started).isNotDone();
            assertThat(starting.statusCode()).isEqualTo(500);
            assertThat(starting.body()).isEqualTo("ERR");
            assertThat(probes.status("/status")).isEqualTo(200); // alive while starting
            started.get();
            HttpResponse<String> ready = probes.get("/ready");
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).isEqualTo("OK");
            assertThat(ready.headers().firstValue("content-type")).hasValueSatisfying(
                    t -> assertThat(t).startsWith("text/plain"));

            rt.kill("api:0");
            await("/ready failing while api has no worker", () -> probes.status("/ready") == 500 ? true : null);
            await("/ready passing after the restart", () -> probes.status("/ready") == 200 ? true : null);
            assertThat(probes.status("/status")).isEqualTo(200);
            assertThat(rt.supervisor().metrics(MetricsFormat.TEXT).get())
                    .contains("rt_service_restarts_total{serviceId=\"api\"} 1.0\n");
        }
    }

    @Test
    void aServiceThatCrashedAndIsNotRestartedFailsLiveness() throws Exception {
        try (RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, runtimeWith(METRICS + "}, ", "api",
                service("api", "probe", "\"restartOnError\": false"), service("other", "probe"))).start()) {
            MetricsClient probes = new MetricsClient(rt.supervisor().metricsAddress().orElseThrow());
            assertThat(probes.status("/status")).isEqualTo(200);
            assertThat(probes.status("/ready")).isEqualTo(200);

            rt.kill("api:0");
            rt.awaitLog("is no longer available", Duration.ofSeconds(20));

            HttpResponse<String> liveness = probes.get("/status");
            assertThat(liveness.statusCode()).isEqualTo(500);
            assertThat(liveness.body()).isEqualTo("ERR");
            assertThat(probes.status("/ready")).isEqualTo(500);
            assertThat(rt.supervisor().metrics(MetricsFormat.TEXT).get())
                    .contains("rt_service_restarts_total{serviceId=\"api\"} 0.0\n")
                    .doesNotContain("serviceId=\"api\",workerId=\"0\"} ");
        }
    }

    @Test
    void metricsNeedTheConfiguredCredentialsWhileProbesDoNot() throws Exception {
        String config = runtimeWith(METRICS + ", \"auth\": {\"username\": \"prom\", \"password\": \"s3cret\"},"
                + " \"readiness\": {\"endpoint\": \"/healthz\", \"success\": {\"statusCode\": 203, \"body\": \"fine\"}}}, ",
                "api", service("api", "probe"));
        try (RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, config).start()) {
            MetricsClient client = new MetricsClient(rt.supervisor().metricsAddress().orElseThrow());

            HttpResponse<String> anonymous = client.get("/metrics");
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(anonymous.body()).isEqualTo("{\"message\":\"Unauthorized\"}");
            assertThat(client.get("/metrics", "Authorization", basic("prom:wrong")).statusCode()).isEqualTo(401);
            assertThat(client.get("/metrics", "Authorization", basic("prom:s3cret2")).statusCode()).isEqualTo(401);
            assertThat(client.get("/metrics", "Authorization", "Basic not-base64!").statusCode()).isEqualTo(401);
            HttpResponse<String> allowed = client.get("/metrics", "Authorization", basic("prom:s3cret"));
            assertThat(allowed.statusCode()).isEqualTo(200);
            assertThat(allowed.body()).contains("# TYPE rt_service_restarts_total counter");

            HttpResponse<String> ready = client.get("/healthz");
            assertThat(ready.statusCode()).isEqualTo(203);
            assertThat(ready.body()).isEqualTo("fine");
            assertThat(client.status("/ready")).isEqualTo(404);
            assertThat(client.get("/").body()).startsWith("Hello from the rt metrics server!")
                    .contains("The metrics are available at /metrics.", "The readiness endpoint is available at /healthz.",
                            "The liveness endpoint is available at /status.");
        }
    }

    @Test
    void metricsAreAvailableToTheSupervisorWithoutAServer() throws Exception {
        try (RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, runtimeWith("", "api", service("api", "probe")))
                .start()) {
            assertThat(rt.supervisor().metricsAddress()).isEmpty();
            assertThat(rt.get("/hello").statusCode()).isEqualTo(200);

            String text = rt.supervisor().metrics(MetricsFormat.TEXT).get();
            assertThat(text).contains("http_request_all_duration_seconds_count{method=\"GET\",serviceId=\"api\","
                    + "status_code=\"200\",workerId=\"0\"} 1");
        }
    }

    private static String basic(String credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes());
    }

    /** Polls {@code check} until it gives a value; fails after 30 s. */
    private static <T> T await(String what, Supplier<T> check) throws Exception {
        return Poll.until(Duration.ofSeconds(30), Duration.ofMillis(20), () -> Optional.ofNullable(check.get()),
                () -> "timed out waiting for " + what);
    }
}
