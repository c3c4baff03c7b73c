package dev.rt.supervisor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.supervisor.process.FreePort;
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

    static PrometheusServer start(Path dir, InetSocketAddress target) throws IOException, InterruptedException {
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
        int port = FreePort.pick();
        Path log = dir.resolve("prometheus.log");
        Process process = new ProcessBuilder(binary.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        PrometheusServer server = new PrometheusServer(process, log, port);
        try {
            server.awaitReady(Duration.ofSeconds(30));
        } catch (RuntimeException | Error | InterruptedException e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void awaitReady(Duration limit) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("prometheus exited with " + process.exitValue() + ":\n" + Files.readString(log));
            }
            try {
                if (get("/-/ready").statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100); // polling, with a deadline
        }
        throw new AssertionError("prometheus not ready within " + limit + ":\n" + Files.readString(log));
    }

    /** Runs an instant PromQL query until it answers at least {@code series} series; returns its result array. */
    JsonNode awaitSeries(String query, int series, Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> response = get("/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
            last = response.body();
            JsonNode result = new ObjectMapper().readTree(last).path("data").path("result");
            if (result.size() >= series) {
                return result;
            }
            Thread.sleep(250); // polling, with a deadline
        }
        HttpResponse<String> targets = get("/api/v1/targets");
        throw new AssertionError("\"" + query + "\" did not answer " + series + " series within " + limit
                + "; last answer: " + last + "\ntargets: " + targets.body() + "\nlog:\n" + Files.readString(log));
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
