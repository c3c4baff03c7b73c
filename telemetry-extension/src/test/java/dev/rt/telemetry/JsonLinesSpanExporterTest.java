package dev.rt.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesSpanExporterTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void eachSpanIsOneLineOfJsonWithItsParentAttributesAndResource() throws Exception {
        Path file = dir.resolve("traces/spans.log");
        JsonLinesSpanExporter exporter = new JsonLinesSpanExporter(file);
        try (SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(Resource.create(Attributes.of(AttributeKey.stringKey("service.name"), "shop-api")))
                .addSpanProcessor(SimpleSpanProcessor.create(exporter)).build()) {
            Tracer tracer = provider.get("test");
            Span parent = tracer.spanBuilder("GET /hello").setSpanKind(SpanKind.SERVER).startSpan();
            Span child = tracer.spanBuilder("say \"hi\"\n").setParent(Context.root().with(parent))
                    .setAttribute("http.response.status_code", 502L).setAttribute("ok", false)
                    .setAttribute(AttributeKey.stringArrayKey("tags"), List.of("a", "b")).startSpan();
            child.setStatus(StatusCode.ERROR, "worker gone");
            child.end();
            parent.end();
        }

        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(2);
        JsonNode child = JSON.readTree(lines.get(0));
        JsonNode parent = JSON.readTree(lines.get(1));
        assertThat(child.path("name").asText()).isEqualTo("say \"hi\"\n");
        assertThat(child.path("traceId").asText()).isEqualTo(parent.path("traceId").asText()).hasSize(32);
        assertThat(child.path("parentSpanId").asText()).isEqualTo(parent.path("spanId").asText());
        assertThat(parent.has("parentSpanId")).isFalse();
        assertThat(parent.path("kind").asText()).isEqualTo("SERVER");
        assertThat(child.path("status").path("code").asText()).isEqualTo("ERROR");
        assertThat(child.path("status").path("description").asText()).isEqualTo("worker gone");
        assertThat(child.path("attributes").path("http.response.status_code").asLong()).isEqualTo(502);
        assertThat(child.path("attributes").path("ok").isBoolean()).isTrue();
        assertThat(child.path("attributes").path("tags").toString()).isEqualTo("[\"a\",\"b\"]");
        assertThat(child.path("resource").path("service.name").asText()).isEqualTo("shop-api");
        assertThat(child.path("endTimeUnixNano").asLong()).isGreaterThanOrEqualTo(child.path("startTimeUnixNano").asLong());
    }

    @Test
    void aFileThatCannotBeWrittenFailsTheExportWithTheReason() throws Exception {
        Files.writeString(dir.resolve("blocker"), "a file where a directory should be");
        JsonLinesSpanExporter exporter = new JsonLinesSpanExporter(dir.resolve("blocker/spans.log"));
        try (SdkTracerProvider provider = SdkTracerProvider.builder().build()) {
            Span span = provider.get("test").spanBuilder("x").startSpan();
            span.end();
            CompletableResultCode result = exporter.export(List.of(((io.opentelemetry.sdk.trace.ReadableSpan) span)
                    .toSpanData()));
            result.join(1, TimeUnit.SECONDS);
            assertThat(result.isSuccess()).isFalse();
            assertThat(result.getFailureThrowable()).hasMessageContaining("cannot append spans to");
        }
    }
}
