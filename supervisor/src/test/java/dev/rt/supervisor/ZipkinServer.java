package dev.rt.supervisor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.testing.TestPorts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A real Zipkin server (the {@code zipkin-server} exec jar from Maven Central, in-memory storage) on a free port of
 * 127.0.0.1 (another one when something took it first: it cannot bind port 0), queried through its HTTP API. Closing
 * kills it.
 */
final class ZipkinServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final Path log;
    private final String base;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** One span as Zipkin shows it. */
    record ZipkinSpan(String service, String traceId, String id, String parentId, String kind, String name,
            JsonNode tags) {
    }

    private ZipkinServer(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.base = "http://127.0.0.1:" + port;
    }

    static ZipkinServer start(Path dir) throws Exception {
        Files.createDirectories(dir);
        return TestPorts.startRetrying(3, port -> start(dir, port));
    }

    private static ZipkinServer start(Path dir, int port) throws Exception {
        Path log = dir.resolve("zipkin-" + port + ".log");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", Fixtures.thirdPartyJar("zipkin-server.jar").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("QUERY_PORT", Integer.toString(port));
        builder.environment().put("STORAGE_TYPE", "mem");
        builder.environment().put("QUERY_LOG_LEVEL", "WARN");
        ZipkinServer server = new ZipkinServer(builder.start(), log, port);
        try {
            Poll.until(Duration.ofSeconds(90), Duration.ofMillis(250), server::healthy,
                    () -> "Zipkin did not become healthy within 90 s:\n" + server.log());
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    private Optional<Boolean> healthy() throws Exception {
        if (!process.isAlive()) {
            throw new AssertionError("Zipkin exited with " + process.exitValue() + ":\n" + log());
        }
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(base + "/health"))
                    .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 && response.body().contains("UP") ? Optional.of(true) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** Where exporters send spans. */
    String spansUrl() {
        return base + "/api/v2/spans";
    }

    /** The spans of the trace Zipkin holds now; empty when it holds none. */
    List<ZipkinSpan> trace(String traceId) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(base + "/api/v2/trace/" + traceId))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        List<ZipkinSpan> spans = new ArrayList<>();
        if (response.statusCode() != 200) {
            return spans;
        }
        for (JsonNode span : JSON.readTree(response.body())) {
            spans.add(new ZipkinSpan(span.path("localEndpoint").path("serviceName").asText(), span.path("traceId").asText(),
                    span.path("id").asText(), span.path("parentId").asText(null), span.path("kind").asText(null),
                    span.path("name").asText(), span.path("tags")));
        }
        return spans;
    }

    String log() throws Exception {
        return Files.readString(log);
    }

    @Override
    public void close() {
        process.destroyForcibly();
        process.onExit().join();
    }
}
