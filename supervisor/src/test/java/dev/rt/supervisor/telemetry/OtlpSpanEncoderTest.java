package dev.rt.supervisor.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.TelemetryConfig;
import dev.rt.supervisor.proxy.exchange.ExchangeTracing;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.InstrumentationScope;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** rt's OTLP protobuf against OpenTelemetry's marshaller, for the same spans, decoded with the proto classes. */
class OtlpSpanEncoderTest {
    private static final Resource SUPERVISOR = Resource.getDefault().merge(Resource.create(Attributes.of(
            AttributeKey.stringKey("service.name"), "shop", AttributeKey.stringKey("service.version"), "1.2.3")));
    private static final Resource API = Resource.getDefault().merge(Resource.create(Attributes.of(
            AttributeKey.stringKey("service.name"), "shop-api")));

    /** Spans as the proxy records them: entrypoint and mesh, with and without a parent, worker head spans, failures. */
    static List<SpanPipeline.Pending> proxyPendings() {
        List<SpanPipeline.Pending> ended = new ArrayList<>();
        EmbeddedChannel client = new EmbeddedChannel();
        try {
            TelemetryConfig telemetry = new TelemetryConfig("shop", Optional.empty(), List.of(),
                    List.of(TelemetryConfig.Exporter.CONSOLE), false, 1.0);
            ProxySpans server = new ProxySpans(ended::add, SUPERVISOR, id -> id.equals("api") ? API : null,
                    SpanKind.SERVER, "https", telemetry, Set.of());
            ProxySpans mesh = new ProxySpans(ended::add, SUPERVISOR, id -> id.equals("api") ? API : null,
                    SpanKind.CLIENT, "http", telemetry, Set.of());
            exchange(server, "/api/products/7?x=1", "api", 200, "00f067aa0ba902b7;1700000000000000000;2500000;200;"
                    + "/products/:id", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", null, client);
            exchange(server, "/api/boom", "api", 503, "10f067aa0ba902b7;1700000000000000000;10;503;", null, null,
                    client);
            exchange(server, "/other/caf\u00e9?q=\u00fc", "other", 0, null, null, null, client);
            exchange(mesh, "http://greeter.rt.local/greeting", "greeter", 200, null, null, "c0ffee", client);
            exchange(mesh, "http://api.rt.local/missing/" + "x".repeat(70_000), "api", 404, null, null, null, client);
            exchange(server, "/api/state", "api", 200, "20f067aa0ba902b7;1700000000000000000;10;200;/state",
                    "00-1af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01;congo=t61rcWkgMzE,rojo=00f067aa0ba902b7",
                    null, client);
        } finally {
            client.finishAndReleaseAll();
        }
        return ended;
    }

    /** {@link #proxyPendings}'s spans as the exporters take them. */
    static List<SpanData> proxySpans() {
        return finished(proxyPendings(), new SpanPipeline.Clock());
    }

    private static List<SpanData> finished(List<SpanPipeline.Pending> pendings, SpanPipeline.Clock clock) {
        List<SpanData> spans = new ArrayList<>();
        pendings.forEach(pending -> pending.finish(clock, spans));
        return spans;
    }

    private static byte[] encoded(OtlpSpanEncoder encoder, List<SpanPipeline.Pending> pendings,
            SpanPipeline.Clock clock) {
        pendings.forEach(pending -> assertThat(pending.encode(clock, encoder)).isTrue());
        return encoder.body();
    }

    /** {@code traceparent} may be followed by {@code ;tracestate}. */
    @SuppressWarnings("checkstyle:ParameterNumber")
    private static void exchange(ProxySpans spans, String asked, String service, int status, String workerSpan,
            String traceparent, String cacheId, EmbeddedChannel client) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, asked);
        request.headers().set("host", "shop.example:8443");
        if (traceparent != null) {
            String[] parts = traceparent.split(";", 2);
            request.headers().set("traceparent", parts[0]);
            if (parts.length > 1) {
                request.headers().set("tracestate", parts[1]);
            }
        }
        ExchangeTracing.Trace trace = spans.begin(request, asked, service, client);
        if (status != 0) {
            DefaultHttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.valueOf(status));
            if (workerSpan != null) {
                response.headers().set("x-rt-span", workerSpan);
                trace.workerHead(response);
            }
            if (cacheId != null) {
                response.headers().set("x-rt-http-cache-id", cacheId);
            }
            trace.response(response, false);
        }
        trace.end();
    }

    private static byte[] sdk(List<? extends SpanData> spans) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TraceRequestMarshaler.create(List.copyOf(spans)).writeBinaryTo(out);
        return out.toByteArray();
    }

    static ExportTraceServiceRequest sdkRequest(List<? extends SpanData> spans) {
        try {
            return ExportTraceServiceRequest.parseFrom(sdk(spans));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The spans by resource and scope, as a collector reads them, whatever order the groups come in. */
    static Map<io.opentelemetry.proto.resource.v1.Resource, Map<InstrumentationScope, List<Span>>> grouped(
            ExportTraceServiceRequest request) {
        Map<io.opentelemetry.proto.resource.v1.Resource, Map<InstrumentationScope, List<Span>>> groups =
                new LinkedHashMap<>();
        for (ResourceSpans resource : request.getResourceSpansList()) {
            assertThat(groups).doesNotContainKey(resource.getResource());
            Map<InstrumentationScope, List<Span>> scopes = new LinkedHashMap<>();
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                assertThat(scopes).doesNotContainKey(scope.getScope());
                scopes.put(scope.getScope(), scope.getSpansList());
            }
            groups.put(resource.getResource(), scopes);
        }
        return groups;
    }

    @Test
    void theProxysSpansDecodeAsOpenTelemetrysMarshallerWritesThem() throws IOException {
        List<SpanPipeline.Pending> pendings = proxyPendings();
        SpanPipeline.Clock clock = new SpanPipeline.Clock();
        List<SpanData> spans = finished(pendings, clock);
        assertThat(spans).hasSize(9);
        assertThat(spans.get(7).getSpanContext().getTraceState().get("congo")).isEqualTo("t61rcWkgMzE");

        ExportTraceServiceRequest ours = ExportTraceServiceRequest.parseFrom(encoded(new OtlpSpanEncoder(), pendings,
                clock));
        ExportTraceServiceRequest theirs = ExportTraceServiceRequest.parseFrom(sdk(spans));

        assertThat(ours.getUnknownFields().asMap()).isEmpty();
        assertThat(grouped(ours)).isEqualTo(grouped(theirs));
        assertThat(grouped(ours).values().stream().mapToInt(scopes -> scopes.values().stream().mapToInt(List::size)
                .sum()).sum()).isEqualTo(9);
    }

    @Test
    void oneResourceAndScopeIsWrittenByteForByteAsOpenTelemetryDoesAndABatchStartsAfresh() throws IOException {
        List<SpanPipeline.Pending> pendings = proxyPendings();
        List<SpanPipeline.Pending> supervisorOnly = List.of(pendings.get(2), pendings.get(3), pendings.get(4));
        SpanPipeline.Clock clock = new SpanPipeline.Clock();
        OtlpSpanEncoder encoder = new OtlpSpanEncoder();
        encoded(encoder, pendings, clock); // a used encoder writes as a new one

        assertThat(finished(supervisorOnly, clock)).hasSize(3);
        assertThat(encoded(encoder, supervisorOnly, clock)).isEqualTo(sdk(finished(supervisorOnly, clock)));
        assertThat(encoder.count()).isZero();
        assertThat(encoded(encoder, List.of(), clock)).isEmpty();
    }
}
