package dev.rt.supervisor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.testing.TestPorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * A real Prometheus server (Debian's {@code prometheus}) scraping one target every second, with its data in a
 * test directory; queried through its HTTP API. Closing kills it.
 */
final class PrometheusServer implements AutoCloseable {
    private final Process process;
    private final Path log;
    private final String api;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private PrometheusServer(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.api = "http://127.0.0.1:" + port;
    }

    static PrometheusServer start(Path dir, InetSocketAddress target) throws Exception {
        Path binary = ExternalTool.require("prometheus");
        Files.createDirectories(dir);
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                scrape_configs:
                  - job_name: rt
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.formatted(target.getPort()));
        // it cannot bind port 0: another port when something took this one first
        return TestPorts.startRetrying(3, port -> start(dir, binary, config, port));
    }

    private static PrometheusServer start(Path dir, Path binary, Path config, int port) throws Exception {
        Path log = dir.resolve("prometheus-" + port + ".log");
        Process process = new ProcessBuilder(binary.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        PrometheusServer server = new PrometheusServer(process, log, port);
        try {
            server.awaitReady(Duration.ofSeconds(30));
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void awaitReady(Duration limit) throws Exception {
        Poll.until(limit, Duration.ofMillis(100), () -> {
            if (!process.isAlive()) {
                throw new AssertionError("prometheus exited with " + process.exitValue() + ":\n" + Files.readString(log));
            }
            try {
                return get("/-/ready").statusCode() == 200 ? Optional.of(true) : Optional.<Boolean>empty();
            } catch (IOException notYet) {
                return Optional.<Boolean>empty(); // not listening yet
            }
        }, () -> "prometheus not ready within " + limit + ":\n" + Files.readString(log));
    }

    /** Runs an instant PromQL query until it answers at least {@code series} series; returns its result array. */
    JsonNode awaitSeries(String query, int series, Duration limit) throws Exception {
        String[] last = {""};
        return Poll.until(limit, Duration.ofMillis(250), () -> {
            last[0] = get("/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)).body();
            JsonNode result = new ObjectMapper().readTree(last[0]).path("data").path("result");
            return result.size() >= series ? Optional.of(result) : Optional.<JsonNode>empty();
        }, () -> "\"" + query + "\" did not answer " + series + " series within " + limit + "; last answer: " + last[0]
                + "\ntargets: " + get("/api/v1/targets").body() + "\nlog:\n" + Files.readString(log));
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
