package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.testing.TestPorts;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.proto.trace.v1.Span.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tracing end to end, with real receivers: a request through the entrypoint to the service {@code front}, which
 * calls {@code back} over the mesh, arrives as one trace of five spans, each the child of the one before: the
 * supervisor's SERVER span, front's SERVER and CLIENT spans (the OpenTelemetry Java agent, unmodified application),
 * the supervisor's CLIENT span of the mesh call, back's SERVER span. Without the agent (the default,
 * {@link LightTracingIT}) the workers record rt's light spans.
 */
class TracingIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration ARRIVAL = Duration.ofSeconds(60);
    private static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");

    @TempDir
    Path dir;

    /** front calls back; with {@code javaagent}, both services' workers get the OpenTelemetry Java agent. */
    private static String chain(String telemetry, boolean javaagent) {
        String agent = javaagent ? ", \"telemetry\": {\"javaagent\": true}" : "";
        // The agent costs a worker about 16 s of CPU to start (docs/architecture.md): on a busy 2-core host that is
        // more than the 30 s default, so the traced chain gets two minutes.
        String start = javaagent ? "\"startTimeout\": 120000, " : "";
        return runtimeWith(start + "\"telemetry\": " + telemetry + ", ", "front",
                "{\"id\": \"back\", \"path\": \"" + Fixtures.app("relay") + "\"" + agent + "}",
                "{\"id\": \"front\", \"path\": \"" + Fixtures.app("relay") + "\", "
                        + "\"env\": {\"NEXT_URL\": \"http://back.rt.local/relay\"}" + agent + "}");
    }

    /** The trace id of the traceparent {@code front} received, and what front and back answered. */
    private static JsonNode relay(RuntimeUnderTest rt) throws Exception {
        HttpResponse<String> response = rt.get("/relay");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static String traceId(String traceparent) {
        return traceparent.split("-")[1];
    }

    /** Whether a {@code traceparent}'s flags have the sampled bit. */
    private static boolean sampled(String traceparent) {
        return (Integer.parseInt(traceparent.split("-")[3], 16) & 1) == 1;
    }

    @Test
    void oneTraceArrivesOverOtlpWithEveryParentLinkAndTheExporterHeaders() throws Exception {
        try (OtlpReceiver otlp = OtlpReceiver.start();
                RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, chain("{\"serviceName\": \"shop\", \"exporter\": "
                        + "{\"type\": \"otlp\", \"options\": {\"url\": \"" + otlp.url() + "\", "
                        + "\"headers\": {\"x-api-key\": \"k1\"}}}}", true)).start()) {
            JsonNode answer = relay(rt);
            String front = answer.path("traceparent").asText();
            assertThat(front).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");
            assertThat(sampled(front)).isTrue();
            assertThat(answer.path("telemetryId").isNull()).isTrue(); // the public request comes from outside
            assertThat(answer.path("next").path("telemetryId").asText()).isEqualTo("shop-front");
            String traceId = traceId(front);

            List<OtlpReceiver.ReceivedSpan> spans = Poll.until(ARRIVAL, Duration.ofMillis(200),
                    () -> Optional.of(otlp.trace(traceId)).filter(trace -> trace.size() >= 5),
                    () -> "five spans of trace " + traceId + " expected, received " + otlp.spans() + "\nlog:\n" + rt.log());

            assertThat(spans).hasSize(5);
            OtlpReceiver.ReceivedSpan entry = only(spans, "shop", SpanKind.SPAN_KIND_SERVER);
            OtlpReceiver.ReceivedSpan frontServer = only(spans, "shop-front", SpanKind.SPAN_KIND_SERVER);
            OtlpReceiver.ReceivedSpan frontClient = only(spans, "shop-front", SpanKind.SPAN_KIND_CLIENT);
            OtlpReceiver.ReceivedSpan mesh = only(spans, "shop", SpanKind.SPAN_KIND_CLIENT);
            OtlpReceiver.ReceivedSpan backServer = only(spans, "shop-back", SpanKind.SPAN_KIND_SERVER);
            assertThat(entry.parentSpanId()).isEmpty();
            assertThat(front.split("-")[2]).isEqualTo(entry.spanId());
            assertThat(frontServer.parentSpanId()).isEqualTo(entry.spanId());
            assertThat(frontClient.parentSpanId()).isEqualTo(frontServer.spanId());
            assertThat(mesh.parentSpanId()).isEqualTo(frontClient.spanId());
            assertThat(backServer.parentSpanId()).isEqualTo(mesh.spanId());

            assertThat(entry.name()).isEqualTo("GET /relay");
            assertThat(entry.attributes()).containsEntry("http.request.method", "GET").containsEntry("url.path", "/relay")
                    .containsEntry("url.scheme", "http").containsEntry("http.response.status_code", "200")
                    .containsEntry("server.address", "127.0.0.1").containsKey("url.full").containsKey("server.port");
            assertThat(mesh.name()).isEqualTo("GET http://back.rt.local/relay");
            assertThat(mesh.attributes()).containsEntry("url.full", "http://back.rt.local/relay")
                    .containsEntry("server.address", "back.rt.local").containsEntry("server.port", "80")
                    .containsEntry("http.response.status_code", "200").containsEntry("rt.caller.id", "front");
            assertThat(otlp.requestHeaders()).isNotEmpty().allSatisfy(headers ->
                    assertThat(headers).containsEntry("x-api-key", "k1"));
        }
    }

    @Test
    void oneTraceArrivesInZipkinWithEveryParentLink() throws Exception {
        try (ZipkinServer zipkin = ZipkinServer.start(dir.resolve("zipkin"));
                RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, chain("{\"serviceName\": \"shop\", \"exporter\": "
                        + "{\"type\": \"zipkin\", \"options\": {\"url\": \"" + zipkin.spansUrl() + "\"}}}", true)).start()) {
            String traceId = traceId(relay(rt).path("traceparent").asText());

            List<ZipkinServer.ZipkinSpan> spans = Poll.until(ARRIVAL, Duration.ofMillis(500),
                    () -> Optional.of(zipkin.trace(traceId)).filter(trace -> trace.size() >= 5),
                    () -> "five spans of trace " + traceId + " expected in Zipkin, found " + zipkin.trace(traceId)
                            + "\nlog:\n" + rt.log());

            assertThat(spans).hasSize(5);
            Map<String, ZipkinServer.ZipkinSpan> byRole = spans.stream().collect(Collectors.toMap(
                    span -> span.service() + " " + span.kind(), span -> span));
            assertThat(byRole).containsOnlyKeys("shop SERVER", "shop-front SERVER", "shop-front CLIENT", "shop CLIENT",
                    "shop-back SERVER");
            assertThat(byRole.get("shop SERVER").parentId()).isNull();
            assertThat(byRole.get("shop-front SERVER").parentId()).isEqualTo(byRole.get("shop SERVER").id());
            assertThat(byRole.get("shop-front CLIENT").parentId()).isEqualTo(byRole.get("shop-front SERVER").id());
            assertThat(byRole.get("shop CLIENT").parentId()).isEqualTo(byRole.get("shop-front CLIENT").id());
            assertThat(byRole.get("shop-back SERVER").parentId()).isEqualTo(byRole.get("shop CLIENT").id());
            assertThat(byRole.get("shop CLIENT").name()).isEqualToIgnoringCase("GET http://back.rt.local/relay");
        }
    }

    @Test
    void aCollectorThatRefusesConnectionsCostsAWarningNeverARequest() throws Exception {
        TestPorts.Held held = TestPorts.refusing(); // no collector there for as long as the test runs
        String refusing = "http://127.0.0.1:" + held.port() + "/v1/traces";
        try (held; RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, chain("{\"serviceName\": \"shop\", \"exporter\": "
                + "{\"type\": \"otlp\", \"options\": {\"url\": \"" + refusing + "\"}}}", false)).start()) {
            for (int i = 0; i < 20; i++) {
                long started = System.nanoTime();
                assertThat(relay(rt).path("next").path("service").asText()).isEqualTo("back");
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            }
            rt.awaitLog("Cannot export spans to the OTLP collector " + refusing + ": ", Duration.ofSeconds(60));
            assertThat(rt.count("Cannot export spans to the OTLP collector")).isEqualTo(1);
            assertThat(relay(rt).path("service").asText()).isEqualTo("front");
        }
    }

    @Test
    void skippedOperationsAndServicesWithTelemetryOffAreNotRecordedAnywhere() throws Exception {
        String config = runtimeWith("\"telemetry\": {\"serviceName\": \"shop\", \"exporter\": {\"type\": \"memory\"}, "
                        + "\"skip\": [{\"method\": \"GET\", \"path\": \"/cached\"}]}, ", "front",
                "{\"id\": \"back\", \"path\": \"" + Fixtures.app("relay") + "\", \"telemetry\": {\"enabled\": false}}",
                "{\"id\": \"front\", \"path\": \"" + Fixtures.app("relay") + "\", "
                        + "\"env\": {\"NEXT_URL\": \"http://back.rt.local/relay\"}}");
        try (RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, config).start()) {
            assertThat(rt.get("/cached").statusCode()).isEqualTo(200);
            JsonNode answer = relay(rt);
            rt.supervisor().tracing().orElseThrow().flush(Duration.ofSeconds(5));

            // the supervisor's SERVER span and front's own (rt's light tracing): nothing of /cached, nothing of back
            List<SpanData> spans = Poll.until(ARRIVAL, Duration.ofMillis(100),
                    () -> Optional.of(rt.supervisor().tracing().orElseThrow().memorySpans()).filter(all -> all.size() >= 2),
                    () -> "two spans expected, found " + rt.supervisor().tracing().orElseThrow().memorySpans());
            assertThat(spans).extracting(span -> span.getResource().getAttribute(SERVICE_NAME) + " " + span.getName())
                    .containsExactlyInAnyOrder("shop GET /relay", "shop-front GET /relay");
            assertThat(sampled(answer.path("traceparent").asText())).isTrue();
            assertThat(sampled(answer.path("next").path("traceparent").asText())).isFalse(); // back's telemetry is off
            assertThat(answer.path("next").path("telemetryId").asText()).isEqualTo("shop-front");
            assertThat(spans).allSatisfy(span ->
                    assertThat(span.getTraceId()).isEqualTo(traceId(answer.path("traceparent").asText())));
        }
    }

    private static OtlpReceiver.ReceivedSpan only(List<OtlpReceiver.ReceivedSpan> spans, String service, SpanKind kind) {
        List<OtlpReceiver.ReceivedSpan> found = spans.stream()
                .filter(span -> span.service().equals(service) && span.kind() == kind).toList();
        assertThat(found).as(service + " " + kind + " in " + spans).hasSize(1);
        return found.get(0);
    }
}
