package dev.rt.supervisor.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.rt.config.TelemetryConfig;
import dev.rt.config.TelemetryConfig.Exporter;
import dev.rt.config.TelemetryConfig.ExporterType;
import dev.rt.config.TelemetryConfig.Protocol;
import dev.rt.kind.testing.TestPorts;
import dev.rt.protocol.WorkerSpan;
import dev.rt.supervisor.log.RuntimeLog;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The OTLP/HTTP exporter against a real HTTP receiver, built as the runtime builds its exporters. */
class OtlpHttpExporterTest {
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final RuntimeLog log = new RuntimeLog(new PrintStream(logged, true, StandardCharsets.UTF_8), false);
    private final List<ExportTraceServiceRequest> received = new CopyOnWriteArrayList<>();
    private final List<Map<String, String>> headers = new CopyOnWriteArrayList<>();
    private volatile int answer = 200;
    private final HttpServer receiver = receiver();

    private HttpServer receiver() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/v1/traces", exchange -> {
                try (exchange; InputStream body = exchange.getRequestBody()) {
                    received.add(ExportTraceServiceRequest.parseFrom(body));
                    headers.add(Map.of("content-type", exchange.getRequestHeaders().getFirst("Content-Type"),
                            "authorization", exchange.getRequestHeaders().getFirst("Authorization"),
                            "method", exchange.getRequestMethod()));
                    exchange.sendResponseHeaders(answer, -1);
                }
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
    }

    private static Exporter otlp(String url, Protocol protocol) {
        return new Exporter(ExporterType.OTLP, Optional.of(url), Map.of("authorization", "Bearer t0ken"),
                Optional.empty(), protocol);
    }

    private SpanExporter runtimeExporter() {
        String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/v1/traces";
        TelemetryConfig telemetry = new TelemetryConfig("shop", Optional.empty(), List.of(),
                List.of(otlp(url, Protocol.HTTP)), false, 1.0);
        List<SpanExporter> exporters = SpanExporters.of(telemetry, Path.of("."), log, new MemorySpanExporter());
        assertThat(exporters).hasSize(1);
        return exporters.get(0);
    }

    @Test
    void onlyExactlyOneOtlpExporterOverHttpIsServed() {
        Exporter http = otlp("http://collector:4318/v1/traces", Protocol.HTTP);
        assertThat(OtlpHttpExporter.serves(List.of(http))).isTrue();
        assertThat(OtlpHttpExporter.serves(List.of(otlp("http://collector:4317", Protocol.GRPC)))).isFalse();
        assertThat(OtlpHttpExporter.serves(List.of(http, Exporter.CONSOLE))).isFalse();
        assertThat(OtlpHttpExporter.serves(List.of(new Exporter(ExporterType.ZIPKIN, Optional.empty(), Map.of(),
                Optional.empty(), Protocol.HTTP)))).isFalse();
    }

    @Test
    void rtsSpansArePostedEncodedByThePipelineAndAFrameSpanGoesThroughOpenTelemetrysExporterToTheSameCollector() {
        WorkerSpan sql = new WorkerSpan("0af7651916cd43dd8448eb211c80319c", "20f067aa0ba902b7", "00f067aa0ba902b7",
                "SELECT shop.products", "CLIENT", 1_700_000_000_000_000_000L, 1_700_000_000_001_000_000L, "",
                Map.of("db.system", "postgresql", "db.statement", "SELECT * FROM products WHERE id = ?"),
                Map.of("db.rows", 1L));
        List<SpanPipeline.Pending> pendings = new ArrayList<>(OtlpSpanEncoderTest.proxyPendings());
        pendings.add(new WorkerSpanData(sql, Resource.getDefault()));
        List<SpanData> spans = new ArrayList<>();
        pendings.forEach(pending -> pending.finish(new SpanPipeline.Clock(), spans));

        try (SpanPipeline pipeline = new SpanPipeline(List.of(runtimeExporter()), log)) {
            pendings.forEach(pipeline::add);
            pipeline.flush(Duration.ofSeconds(10));
        }

        assertThat(received).hasSize(2);
        assertThat(headers).allSatisfy(request -> assertThat(request).containsEntry("method", "POST")
                .containsEntry("content-type", "application/x-protobuf")
                .containsEntry("authorization", "Bearer t0ken"));
        List<String> arrived = received.stream().flatMap(request -> request.getResourceSpansList().stream())
                .flatMap(resource -> resource.getScopeSpansList().stream().flatMap(scope -> scope.getSpansList()
                        .stream().map(span -> resource.getResource() + "|" + scope.getScope() + "|" + untimed(span))))
                .toList();
        List<String> expected = OtlpSpanEncoderTest.grouped(OtlpSpanEncoderTest.sdkRequest(spans)).entrySet().stream()
                .flatMap(resource -> resource.getValue().entrySet().stream().flatMap(scope -> scope.getValue()
                        .stream().map(span -> resource.getKey() + "|" + scope.getKey() + "|" + untimed(span))))
                .toList();
        assertThat(arrived).hasSize(spans.size()).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** A span without the times the proxy's spans take from the clock of the thread that writes them. */
    private static Span untimed(Span span) {
        return span.getStartTimeUnixNano() == 1_700_000_000_000_000_000L ? span.toBuilder().clearEndTimeUnixNano()
                .build() : span.toBuilder().clearStartTimeUnixNano().clearEndTimeUnixNano().build();
    }

    private ExportFailures quicklyRetrying(String url) {
        SpanExporter unused = new MemorySpanExporter();
        return new ExportFailures(new OtlpHttpExporter(url, Map.of("authorization", "Bearer t0ken"), unused,
                Duration.ofMillis(1)), "the OTLP collector " + url, log);
    }

    /** Posts the proxy's spans through {@code exporter} as the pipeline does; the spans are {@code count}. */
    private static CompletableResultCode postProxySpans(ExportFailures exporter) {
        OtlpSpanEncoder encoder = new OtlpSpanEncoder();
        SpanPipeline.Clock clock = new SpanPipeline.Clock();
        OtlpSpanEncoderTest.proxyPendings().forEach(pending -> pending.encode(clock, encoder));
        int count = encoder.count();
        byte[] body = encoder.body();
        return exporter.export(count, () -> ((OtlpHttpExporter) exporter.exporter()).export(body, body.length,
                List.of()));
    }

    @Test
    void aCollectorThatRefusesTheSpansIsAskedFiveTimesThenReportedOnceAndTheSpansCounted() {
        answer = 503;
        ExportFailures exporter = quicklyRetrying("http://127.0.0.1:" + receiver.getAddress().getPort()
                + "/v1/traces");

        assertThat(postProxySpans(exporter).join(10, TimeUnit.SECONDS).isSuccess()).isFalse();
        assertThat(postProxySpans(exporter).join(10, TimeUnit.SECONDS).isSuccess()).isFalse();

        assertThat(received).hasSize(10);
        String warnings = logged.toString(StandardCharsets.UTF_8);
        assertThat(warnings).contains("Cannot export spans to the OTLP collector http://127.0.0.1:")
                .contains("the collector answered HTTP 503").contains("9 spans were dropped");
        assertThat(warnings.split("Cannot export spans", -1)).hasSize(2);
    }

    @Test
    void aCollectorThatIsNotThereFailsTheExportWithTheReason() throws IOException {
        try (TestPorts.Held closed = TestPorts.refusing()) {
            ExportFailures exporter = quicklyRetrying("http://127.0.0.1:" + closed.port() + "/v1/traces");

            CompletableResultCode result = postProxySpans(exporter).join(10, TimeUnit.SECONDS);

            assertThat(result.isDone()).isTrue();
            assertThat(result.isSuccess()).isFalse();
            assertThat(logged.toString(StandardCharsets.UTF_8)).contains("Cannot export spans to the OTLP collector")
                    .contains("spans were dropped");
        }
    }
}
