package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rt's light tracing, the default for a traced service: no OpenTelemetry agent in the worker, whose kind (here the
 * {@code java.build} kind) records one SERVER span per request that arrives with a sampled {@code traceparent} and
 * sends it back to the supervisor in the response head (a header the client never sees), which exports it with its own exporters under {@code <serviceName>-<serviceId>}.
 * {@code front} calls {@code back}; the relay application does not pass the {@code traceparent} on, so the mesh
 * call starts a trace of its own. Exported over OTLP/gRPC to a real HTTP/2 receiver and to a file, end to end.
 */
class LightTracingIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration ARRIVAL = Duration.ofSeconds(60);
    private static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");

    @TempDir
    Path dir;

    private static String chain(String exporter) {
        return runtimeWith("\"telemetry\": {\"serviceName\": \"shop\", \"exporter\": " + exporter + "}, ", "front",
                "{\"id\": \"back\", \"path\": \"" + Fixtures.app("relay") + "\"}",
                "{\"id\": \"front\", \"path\": \"" + Fixtures.app("relay") + "\", "
                        + "\"env\": {\"NEXT_URL\": \"http://back.rt.local/relay\"}}");
    }

    private static JsonNode relay(RuntimeUnderTest rt) throws Exception {
        HttpResponse<String> response = rt.get("/relay");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().map().keySet()).as("the worker's span header stays between worker and supervisor")
                .noneMatch(name -> name.equalsIgnoreCase("x-rt-span"));
        return JSON.readTree(response.body());
    }

    @Test
    void eachWorkerRecordsItsRequestsServerSpanAsAChildOfTheSupervisorsSpan() throws Exception {
        try (RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, chain("{\"type\": \"memory\"}")).start()) {
            String traceparent = relay(rt).path("traceparent").asText();
            String traceId = traceparent.split("-")[1];
            List<SpanData> spans = Poll.until(ARRIVAL, Duration.ofMillis(100), () -> {
                        rt.supervisor().tracing().orElseThrow().flush(Duration.ofSeconds(5));
                        return Optional.of(rt.supervisor().tracing().orElseThrow().memorySpans())
                                .filter(all -> all.size() >= 4);
                    }, () -> "four spans expected, found " + rt.supervisor().tracing().orElseThrow().memorySpans()
                            + "\nlog:\n" + rt.log());

            assertThat(spans).hasSize(4);
            SpanData entry = only(spans, "shop", SpanKind.SERVER);
            SpanData front = only(spans, "shop-front", SpanKind.SERVER);
            SpanData mesh = only(spans, "shop", SpanKind.CLIENT);
            SpanData back = only(spans, "shop-back", SpanKind.SERVER);
            assertThat(entry.getTraceId()).isEqualTo(traceId);
            assertThat(front.getTraceId()).isEqualTo(traceId);
            assertThat(front.getParentSpanId()).isEqualTo(entry.getSpanId()).isEqualTo(traceparent.split("-")[2]);
            assertThat(front.getName()).isEqualTo("GET /relay");
            assertThat(front.getInstrumentationScopeInfo().getName()).isEqualTo("dev.rt.worker");
            assertThat(front.getAttributes().asMap()).containsEntry(AttributeKey.stringKey("http.request.method"), "GET")
                    .containsEntry(AttributeKey.stringKey("url.path"), "/relay")
                    .containsEntry(AttributeKey.longKey("http.response.status_code"), 200L);
            assertThat(front.getStartEpochNanos()).isGreaterThanOrEqualTo(entry.getStartEpochNanos() - 50_000_000L)
                    .isLessThanOrEqualTo(front.getEndEpochNanos());
            assertThat(back.getParentSpanId()).isEqualTo(mesh.getSpanId());
            assertThat(back.getTraceId()).isEqualTo(mesh.getTraceId());
        }
    }

    @Test
    void theFileExporterWritesTheSupervisorsAndTheWorkersSpansAsJsonLines() throws Exception {
        Path file = dir.resolve("traces/spans.jsonl");
        try (RuntimeUnderTest rt = RuntimeUnderTest.configure(dir,
                chain("{\"type\": \"file\", \"options\": {\"path\": \"traces/spans.jsonl\"}}")).start()) {
            String traceId = relay(rt).path("traceparent").asText().split("-")[1];
            List<JsonNode> trace = Poll.until(ARRIVAL, Duration.ofMillis(100), () -> {
                        rt.supervisor().tracing().orElseThrow().flush(Duration.ofSeconds(5));
                        return Optional.of(lines(file).stream().filter(span -> span.path("traceId").asText()
                                .equals(traceId)).toList()).filter(found -> found.size() >= 2);
                    }, () -> "two spans of trace " + traceId + " expected in " + file + ", found " + lines(file));

            assertThat(trace).extracting(span -> span.path("resource").path("service.name").asText() + " "
                            + span.path("kind").asText() + " " + span.path("name").asText())
                    .containsExactlyInAnyOrder("shop SERVER GET /relay", "shop-front SERVER GET /relay");
            JsonNode front = trace.stream().filter(span -> span.path("scope").asText().equals("dev.rt.worker"))
                    .findFirst().orElseThrow();
            assertThat(front.path("attributes").path("http.response.status_code").asLong()).isEqualTo(200);
        }
    }

    @Test
    void oneTraceArrivesOverOtlpGrpcWithTheExporterHeaders() throws Exception {
        try (OtlpGrpcReceiver grpc = OtlpGrpcReceiver.start();
                RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, chain("{\"type\": \"otlp\", \"options\": "
                        + "{\"url\": \"" + grpc.url() + "\", \"protocol\": \"grpc\", "
                        + "\"headers\": {\"x-api-key\": \"k2\"}}}")).start()) {
            String traceparent = relay(rt).path("traceparent").asText();
            String traceId = traceparent.split("-")[1];
            List<OtlpReceiver.ReceivedSpan> trace = Poll.until(ARRIVAL, Duration.ofMillis(200),
                    () -> Optional.of(grpc.trace(traceId)).filter(found -> found.size() >= 2),
                    () -> "two spans of trace " + traceId + " expected over gRPC, received " + grpc.spans()
                            + "\nlog:\n" + rt.log());

            assertThat(trace).hasSize(2);
            OtlpReceiver.ReceivedSpan entry = trace.stream().filter(span -> span.service().equals("shop")).findFirst()
                    .orElseThrow();
            OtlpReceiver.ReceivedSpan front = trace.stream().filter(span -> span.service().equals("shop-front"))
                    .findFirst().orElseThrow();
            assertThat(entry.kind()).isEqualTo(io.opentelemetry.proto.trace.v1.Span.SpanKind.SPAN_KIND_SERVER);
            assertThat(entry.parentSpanId()).isEmpty();
            assertThat(front.kind()).isEqualTo(io.opentelemetry.proto.trace.v1.Span.SpanKind.SPAN_KIND_SERVER);
            assertThat(front.parentSpanId()).isEqualTo(entry.spanId());
            assertThat(front.attributes()).containsEntry("http.response.status_code", "200");
            assertThat(grpc.requestHeaders()).isNotEmpty().allSatisfy(headers -> assertThat(headers)
                    .containsEntry(":path", OtlpGrpcReceiver.EXPORT).containsEntry("x-api-key", "k2")
                    .containsEntry("content-type", "application/grpc"));
        }
    }

    private static List<JsonNode> lines(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<JsonNode> spans = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.endsWith("}")) { // a line being written is left for the next look
                    spans.add(JSON.readTree(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return spans;
    }

    private static SpanData only(List<SpanData> spans, String service, SpanKind kind) {
        List<SpanData> found = spans.stream().filter(span -> service.equals(span.getResource()
                .getAttribute(SERVICE_NAME)) && span.getKind() == kind).toList();
        assertThat(found).as(service + " " + kind + " in " + spans).hasSize(1);
        return found.get(0);
    }
}
