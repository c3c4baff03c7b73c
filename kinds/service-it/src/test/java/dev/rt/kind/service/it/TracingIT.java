package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.testing.Await;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A traced service of the {@code service} kind records each request's SERVER span named after the plugin route that
 * matched ({@code http.route}), a child of the supervisor's span; the span travels back in the response head, which
 * the client gets without it. Exported to a file, end to end.
 */
class TracingIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theWorkersSpanIsNamedByItsRouteAndIsAChildOfTheSupervisorsSpan() throws Exception {
        Path spans = dir.resolve("spans.jsonl");
        Path config = Files.writeString(dir.resolve("rt.json"), "{\"telemetry\": {\"serviceName\": \"shop\", "
                + "\"exporter\": {\"type\": \"file\", \"options\": {\"path\": \"" + spans + "\"}}}, "
                + "\"entrypoint\": \"movies\", \"server\": {\"hostname\": \"127.0.0.1\", \"port\": 0}, "
                + "\"services\": [{\"id\": \"movies\", \"path\": \"" + RtProcess.SERVICES.resolve("envelope")
                + "\"}]}");
        try (RtProcess rt = RtProcess.fromTestdata(List.of("start", "-c", config.toString()), Map.of())
                .listening(Duration.ofSeconds(90))) {
            HttpResponse<String> response = rt.get("/movies/7");
            assertThat(response.headers().map().keySet()).noneMatch(name -> name.equalsIgnoreCase("x-rt-span"));

            // the export thread appends to the file when its batch is due: a condition with no event to wait on
            List<JsonNode> found = Await.atMost(Duration.ofSeconds(60)).alias("two spans in " + spans)
                    .until(() -> lines(spans), all -> all.size() >= 2);
            assertThat(found).as("spans in " + spans).hasSize(2);
            JsonNode supervisor = found.stream().filter(span -> span.path("scope").asText().equals("dev.rt.supervisor"))
                    .findFirst().orElseThrow();
            JsonNode worker = found.stream().filter(span -> span.path("scope").asText().equals("dev.rt.worker"))
                    .findFirst().orElseThrow();
            assertThat(supervisor.path("name").asText()).isEqualTo("GET /movies/7");
            assertThat(worker.path("name").asText()).isEqualTo("GET /movies/:id");
            assertThat(worker.path("kind").asText()).isEqualTo("SERVER");
            assertThat(worker.path("resource").path("service.name").asText()).isEqualTo("shop-movies");
            assertThat(worker.path("traceId").asText()).isEqualTo(supervisor.path("traceId").asText());
            assertThat(worker.path("parentSpanId").asText()).isEqualTo(supervisor.path("spanId").asText());
            assertThat(worker.path("attributes").path("http.route").asText()).isEqualTo("/movies/:id");
            assertThat(worker.path("attributes").path("url.path").asText()).isEqualTo("/movies/7");
            assertThat(worker.path("attributes").path("http.response.status_code").asInt())
                    .isEqualTo(response.statusCode());
        }
    }

    /** The spans of the complete lines of the file so far: the export thread may be writing the next one. */
    private static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> spans = new ArrayList<>();
        String text = Files.exists(file) ? Files.readString(file) : "";
        for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
            if (!line.isBlank()) {
                spans.add(JSON.readTree(line));
            }
        }
        return spans;
    }
}
