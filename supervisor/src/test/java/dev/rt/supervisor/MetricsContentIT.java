package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.supervisor.metrics.MetricsFormat;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * One runtime (front with one worker, back with two), traffic through the entrypoint and through the mesh,
 * then what its metrics server says: per-worker families, one block per family, JSON, promtool's verdict.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MetricsContentIT {
    static final List<String> WORKERS = List.of("front:0", "back:0", "back:1");

    private Path dir;
    private RuntimeUnderTest rt;
    private MetricsClient metrics;

    @BeforeAll
    void startWithTraffic(@TempDir Path dir) throws Exception {
        this.dir = dir;
        rt = RuntimeUnderTest.configure(dir, runtimeWith("\"metrics\": {\"hostname\": \"127.0.0.1\", \"port\": 0}, ",
                "front", service("front", "probe"), service("back", "probe", "\"workers\": 2"))).start();
        metrics = new MetricsClient(rt.supervisor().metricsAddress().orElseThrow());
        for (int i = 0; i < 10; i++) {
            assertThat(rt.get("/hello").statusCode()).isEqualTo(200);
            assertThat(rt.get("/call?url=http://back.rt.local/hello").body()).contains("hello");
            assertThat(rt.get("/nowhere").statusCode()).isEqualTo(404);
        }
        awaitEveryWorker();
    }

    @AfterAll
    void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    /** Waits until every worker's JVM metrics are in (the first request registers them in the worker). */
    private String awaitEveryWorker() throws Exception {
        String[] text = {""};
        return Poll.until(Duration.ofSeconds(30), Duration.ofMillis(100), () -> {
            String now = rt.supervisor().metrics(MetricsFormat.TEXT).get();
            text[0] = now;
            return WORKERS.stream().allMatch(w -> now.contains("jvm_threads_current{" + labels(w) + "} ")
                    && now.contains("rt_worker_elu{" + labels(w) + "} ")) // ELU comes with the first Stats
                    ? Optional.of(now) : Optional.empty();
        }, () -> "not every worker's JVM metrics and ELU within 30 s:\n" + text[0]);
    }

    private static String labels(String worker) {
        String[] parts = worker.split(":");
        return "serviceId=\"" + parts[0] + "\",workerId=\"" + parts[1] + "\"";
    }

    @Test
    void everyWorkerReportsItsJvmAndItsRequestsLabelledWithServiceAndWorker() throws Exception {
        HttpResponse<String> response = metrics.get("/metrics");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(t -> t.startsWith("text/plain"));
        String text = response.body();
        for (String worker : WORKERS) {
            String labels = labels(worker);
            assertThat(text).containsPattern("jvm_memory_used_bytes\\{area=\"heap\"," + Pattern.quote(labels) + "} ");
            assertThat(text).containsPattern("jvm_gc_collection_seconds_count\\{gc=\"[^\"]+\"," + Pattern.quote(labels));
            assertThat(text).containsPattern("jvm_classes_currently_loaded\\{" + Pattern.quote(labels) + "} ");
            assertThat(text).containsPattern("process_cpu_seconds_total\\{" + Pattern.quote(labels) + "} ");
            assertThat(text).containsPattern("rt_worker_elu\\{" + Pattern.quote(labels) + "} [0-9.E-]+\n");
        }
        assertThat(count(text, "http_request_all_duration_seconds_count\\{method=\"GET\",serviceId=\"front\","
                + "status_code=\"200\",workerId=\"0\"} (\\d+)")).isEqualTo(List.of(20.0));
        assertThat(count(text, "http_request_all_duration_seconds_count\\{method=\"GET\",serviceId=\"front\","
                + "status_code=\"404\",workerId=\"0\"} (\\d+)")).isEqualTo(List.of(10.0));
        List<Double> back = count(text, "http_request_all_duration_seconds_count\\{method=\"GET\",serviceId=\"back\","
                + "status_code=\"200\",workerId=\"[01]\"} (\\d+)");
        assertThat(back).hasSize(2).allMatch(n -> n >= 1);
        assertThat(back.stream().mapToDouble(Double::doubleValue).sum()).isEqualTo(10.0);
        assertThat(text).containsPattern("http_request_all_duration_seconds_bucket\\{method=\"GET\",serviceId=\"back\","
                + "status_code=\"200\",workerId=\"1\",le=\"\\+Inf\"} \\d+\n");
        assertThat(text).containsPattern("http_request_all_summary_seconds\\{method=\"GET\",serviceId=\"front\","
                + "status_code=\"200\",workerId=\"0\",quantile=\"0.999\"} ");
        assertThat(text).contains("rt_service_restarts_total{serviceId=\"front\"} 0.0\n",
                "rt_service_restarts_total{serviceId=\"back\"} 0.0\n");
        assertThat(text).containsPattern("(?m)^process_cpu_seconds_total [0-9.E]+$"); // the supervisor, unlabelled
        assertThat(count(text, "(?m)^(process_cpu_seconds_total) ")).hasSize(1);
    }

    @Test
    void everyFamilyHasExactlyOneHelpAndTypeBlock() throws Exception {
        String text = metrics.get("/metrics").body();
        List<String> types = new ArrayList<>();
        Matcher type = Pattern.compile("(?m)^# TYPE (\\S+) ").matcher(text);
        while (type.find()) {
            types.add(type.group(1));
        }
        assertThat(types).contains("jvm_memory_used_bytes", "http_request_all_duration_seconds",
                "http_request_all_summary_seconds", "rt_service_restarts_total", "rt_worker_elu",
                "process_cpu_seconds_total").doesNotHaveDuplicates();
        assertThat(count(text, "(?m)^# HELP (\\S+) ")).hasSameSizeAs(types);
    }

    @Test
    void headRequestsAreNotMeasured() throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(rt.url() + "/hello"))
                .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody()).build();
        java.net.http.HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding());

        assertThat(rt.supervisor().metrics(MetricsFormat.TEXT).get()).doesNotContain("method=\"HEAD\"")
                .contains("method=\"GET\"");
    }

    @Test
    void acceptJsonGivesThePromClientShape() throws Exception {
        HttpResponse<String> response = metrics.get("/metrics", "Accept", "application/json");

        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
                t -> assertThat(t).startsWith("application/json"));
        JsonNode families = new ObjectMapper().readTree(response.body());
        JsonNode histogram = find(families, "http_request_all_duration_seconds");
        assertThat(histogram.get("type").asText()).isEqualTo("histogram");
        assertThat(histogram.get("help").asText()).isNotEmpty();
        assertThat(histogram.get("aggregator").asText()).isEqualTo("sum");
        assertThat(histogram.get("values")).anySatisfy(v -> {
            assertThat(v.get("metricName").asText()).isEqualTo("http_request_all_duration_seconds_bucket");
            assertThat(v.get("labels").get("le").asText()).isEqualTo("+Inf");
            assertThat(v.get("labels").get("workerId").asText()).isEqualTo("1");
            assertThat(v.get("value").asDouble()).isPositive();
        });
        JsonNode restarts = find(families, "rt_service_restarts_total");
        assertThat(restarts.get("type").asText()).isEqualTo("counter");
        assertThat(restarts.get("values")).hasSize(2);
        assertThat(rt.supervisor().metrics(MetricsFormat.JSON).get()).startsWith("[{\"name\":");
    }

    /**
     * promtool parses the exposition (exit 1 on a format error) and lints it (exit 3 on style advice). The
     * only advice allowed is what the specification imposes: the {@code serviceId} and {@code workerId} label
     * names (camelCase) and the name {@code http_request_all_summary_seconds}, which contains its type.
     */
    @Test
    void promtoolParsesTheExpositionAndFindsNoProblemButTheImposedNames() throws Exception {
        Path promtool = ExternalTool.require("promtool");
        Path file = dir.resolve("metrics.txt");
        java.nio.file.Files.writeString(file, metrics.get("/metrics").body());

        Process check = new ProcessBuilder(promtool.toString(), "check", "metrics")
                .redirectInput(file.toFile()).redirectErrorStream(true).start();
        String output = new String(check.getInputStream().readAllBytes());
        int code = check.waitFor();
        assertThat(code).as("promtool check metrics said:\n" + output).isIn(0, 3);
        assertThat(output.lines().filter(line -> !line.isBlank()))
                .as("promtool check metrics said:\n" + output)
                .allMatch(line -> line.endsWith(" label names should be written in 'snake_case' not 'camelCase'")
                        || line.equals("http_request_all_summary_seconds metric name should not include type 'summary'"));
    }

    @Test
    void aRealPrometheusScrapesTheRuntimeAndAnswersPerWorker() throws Exception {
        try (PrometheusServer prometheus = PrometheusServer.start(dir.resolve("prometheus"),
                rt.supervisor().metricsAddress().orElseThrow())) {
            JsonNode series = prometheus.awaitSeries(
                    "sum by (serviceId, workerId) (jvm_threads_current{serviceId!=\"\"})", 3, Duration.ofSeconds(60));
            List<String> workers = new ArrayList<>();
            series.forEach(s -> workers.add(s.get("metric").get("serviceId").asText() + ":"
                    + s.get("metric").get("workerId").asText()));
            assertThat(workers).containsExactlyInAnyOrderElementsOf(WORKERS);

            JsonNode requests = prometheus.awaitSeries(
                    "sum by (serviceId, workerId) (http_request_all_duration_seconds_count{status_code=\"200\"})", 3,
                    Duration.ofSeconds(30));
            assertThat(requests).allSatisfy(s -> assertThat(s.get("value").get(1).asDouble()).isPositive());
        }
    }

    private static JsonNode find(JsonNode families, String name) {
        for (JsonNode family : families) {
            if (family.get("name").asText().equals(name)) {
                return family;
            }
        }
        throw new AssertionError("no family " + name);
    }

    private static List<Double> count(String text, String regex) {
        List<Double> found = new ArrayList<>();
        Matcher matcher = Pattern.compile(regex).matcher(text);
        while (matcher.find()) {
            found.add(matcher.groupCount() > 0 && matcher.group(1).matches("[0-9.]+") ? Double.parseDouble(matcher.group(1))
                    : 1.0);
        }
        return found;
    }
}
