package dev.rt.supervisor.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.TelemetryConfig;
import dev.rt.supervisor.proxy.ExchangeTracing;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProxySpansTest {
    private static final String PARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private final MemorySpanExporter exported = new MemorySpanExporter();
    private final SdkTracerProvider provider = SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(exported)).build();
    private final TelemetryConfig telemetry = new TelemetryConfig("shop", Optional.empty(),
            List.of(new TelemetryConfig.Skip(Optional.of("GET"), Optional.of("/health"))),
            List.of(TelemetryConfig.Exporter.CONSOLE), false, 1.0);
    private final EmbeddedChannel client = new EmbeddedChannel();

    @AfterEach
    void close() {
        client.finishAndReleaseAll();
        provider.close();
    }

    private ProxySpans spans(SpanKind kind, String scheme, Set<String> untraced) {
        return new ProxySpans(provider.get("test"), kind, scheme, telemetry, untraced);
    }

    private static HttpRequest request(String uri, Map<String, String> headers) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri);
        headers.forEach(request.headers()::set);
        return request;
    }

    @Test
    void aPublicRequestGetsAServerSpanChildOfItsTraceparentAndPassesItsOwnOn() {
        HttpRequest request = request("/hello?name=x", Map.of("host", "shop.example:8443", "traceparent", PARENT));

        ExchangeTracing.Trace trace = spans(SpanKind.SERVER, "https", Set.of())
                .begin(request, "/api/hello?name=x", "api", client);
        trace.response(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.BAD_GATEWAY), true);
        trace.end();

        SpanData span = exported.spans().get(0);
        assertThat(span.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(span.getName()).isEqualTo("GET /api/hello");
        assertThat(span.getTraceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
        assertThat(span.getParentSpanId()).isEqualTo("b7ad6b7169203331");
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(span.getAttributes().asMap()).extractingFromEntries(e -> e.getKey().getKey() + "=" + e.getValue())
                .contains("http.request.method=GET", "url.full=https://shop.example:8443/api/hello?name=x",
                        "url.path=/api/hello", "url.scheme=https", "url.query=name=x", "server.address=shop.example",
                        "server.port=8443", "http.response.status_code=502", "rt.service.id=api");
        assertThat(request.headers().get("traceparent"))
                .startsWith("00-0af7651916cd43dd8448eb211c80319c-" + span.getSpanId() + "-");
    }

    @Test
    void aMeshCallGetsAClientSpanNamedByItsUrlAndCacheAttributes() {
        HttpRequest request = request("/greeting", Map.of("host", "greeter.rt.local"));
        ExchangeTracing.Trace trace = spans(SpanKind.CLIENT, "http", Set.of())
                .begin(request, "http://greeter.rt.local/greeting", "greeter", client);
        DefaultHttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        response.headers().set("x-rt-http-cache-id", "c0ffee");
        trace.response(response, true);
        trace.end();

        SpanData span = exported.spans().get(0);
        assertThat(span.getName()).isEqualTo("GET http://greeter.rt.local/greeting");
        assertThat(span.getParentSpanContext().isValid()).isFalse();
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(span.getAttributes().asMap()).extractingFromEntries(e -> e.getKey().getKey() + "=" + e.getValue())
                .contains("url.full=http://greeter.rt.local/greeting", "server.address=greeter.rt.local",
                        "server.port=80", "http.cache.id=c0ffee", "http.cache.hit=true");
        assertThat(request.headers().contains("x-rt-telemetry-id")).isFalse(); // from the mesh's own port: no caller
    }

    @Test
    void skippedOperationsAreNotRecordedAndTheWorkerIsToldNotToRecordThem() {
        HttpRequest request = request("/health", Map.of("host", "a", "traceparent", PARENT));

        assertThat(spans(SpanKind.SERVER, "http", Set.of()).begin(request, "/health", "api", client))
                .isSameAs(ExchangeTracing.Trace.NONE);
        assertThat(request.headers().get("traceparent")).isEqualTo("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00");

        HttpRequest untraced = request("/x", Map.of("host", "a"));
        spans(SpanKind.SERVER, "http", Set.of("quiet")).begin(untraced, "/x", "quiet", client);
        assertThat(untraced.headers().get("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-00");
        assertThat(exported.spans()).isEmpty();
    }

    @Test
    void aClientThatLeavesBeforeTheAnswerEndsItsSpanInError() {
        spans(SpanKind.SERVER, "http", Set.of()).begin(request("/slow", Map.of("host", "a")), "/slow", "api", client).end();

        assertThat(exported.spans().get(0).getStatus().getDescription()).isEqualTo("the client went away before the answer");
    }
}
