package dev.rt.supervisor.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.TelemetryConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.exchange.ExchangeTracing;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProxySpansTest {
    private static final String PARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final Resource WORKER_RESOURCE = Resource.getDefault().merge(Resource.create(
            io.opentelemetry.api.common.Attributes.of(io.opentelemetry.api.common.AttributeKey.stringKey("service.name"),
                    "shop-api")));
    private final MemorySpanExporter exported = new MemorySpanExporter();
    private final SpanPipeline pipeline = new SpanPipeline(List.of(exported),
            new RuntimeLog(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false));
    private final EmbeddedChannel client = new EmbeddedChannel();

    @AfterEach
    void close() {
        client.finishAndReleaseAll();
        pipeline.close();
    }

    private ProxySpans spans(SpanKind kind, String scheme, Set<String> untraced) {
        return spans(kind, scheme, untraced, 1.0);
    }

    private ProxySpans spans(SpanKind kind, String scheme, Set<String> untraced, double sampling) {
        TelemetryConfig telemetry = new TelemetryConfig("shop", Optional.empty(),
                List.of(new TelemetryConfig.Skip(Optional.of("GET"), Optional.of("/health"))),
                List.of(TelemetryConfig.Exporter.CONSOLE), false, sampling);
        return new ProxySpans(pipeline::add, Resource.getDefault(), id -> id.equals("api") ? WORKER_RESOURCE : null, kind,
                scheme, telemetry, untraced);
    }

    private List<SpanData> exportedSpans() {
        pipeline.flush(Duration.ofSeconds(10));
        return exported.spans();
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

        SpanData span = exportedSpans().get(0);
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
                .isEqualTo("00-0af7651916cd43dd8448eb211c80319c-" + span.getSpanId() + "-01");
        assertThat(span.getInstrumentationScopeInfo().getName()).isEqualTo("dev.rt.supervisor");
        assertThat(span.getEndEpochNanos()).isGreaterThanOrEqualTo(span.getStartEpochNanos());
        assertThat(Math.abs(span.getStartEpochNanos() / 1_000_000 - System.currentTimeMillis())).isLessThan(60_000);
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

        SpanData span = exportedSpans().get(0);
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
        assertThat(exportedSpans()).isEmpty();
    }

    @Test
    void aClientThatLeavesBeforeTheAnswerEndsItsSpanInError() {
        spans(SpanKind.SERVER, "http", Set.of()).begin(request("/slow", Map.of("host", "a")), "/slow", "api", client).end();

        assertThat(exportedSpans().get(0).getStatus().getDescription()).isEqualTo("the client went away before the answer");
    }

    @Test
    void theSpanOfARootRequestIsExportedWithNoParentAndItsClientAddress() {
        EmbeddedChannel remote = new EmbeddedChannel() {
            @Override
            protected java.net.SocketAddress remoteAddress0() {
                return new InetSocketAddress("192.0.2.7", 40000);
            }
        };
        HttpRequest request = request("/", Map.of("host", "a"));
        ExchangeTracing.Trace trace = spans(SpanKind.SERVER, "http", Set.of()).begin(request, "/", "api", remote);
        trace.response(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK), false);
        trace.end();
        remote.finishAndReleaseAll();

        SpanData span = exportedSpans().get(0);
        assertThat(span.getParentSpanContext().isValid()).isFalse();
        assertThat(span.getName()).isEqualTo("GET /");
        assertThat(request.headers().get("traceparent"))
                .isEqualTo("00-" + span.getTraceId() + "-" + span.getSpanId() + "-01");
        assertThat(span.getAttributes().asMap()).extractingFromEntries(e -> e.getKey().getKey() + "=" + e.getValue())
                .contains("client.address=192.0.2.7", "http.response.status_code=200")
                .noneMatch(entry -> String.valueOf(entry).startsWith("url.query="));
    }

    @Test
    void aMalformedTraceparentIsReplacedByANewTrace() {
        for (String bad : List.of("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-0", // short
                "00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01", // uppercase
                "00-00000000000000000000000000000000-b7ad6b7169203331-01", // zero trace id
                "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01", // zero parent id
                "ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", // invalid version
                "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-x")) { // version 00 with more
            HttpRequest request = request("/x", Map.of("host", "a", "traceparent", bad));
            spans(SpanKind.SERVER, "http", Set.of()).begin(request, "/x", "api", client).end();
            assertThat(request.headers().get("traceparent")).as(bad).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01")
                    .doesNotContain("0af7651916cd43dd8448eb211c80319c");
        }
        assertThat(exportedSpans()).hasSize(6).allMatch(span -> !span.getParentSpanContext().isValid());
    }

    @Test
    void aLaterVersionAndAnUnsampledParentAreContinuedAsTheyAsk() {
        HttpRequest later = request("/x", Map.of("host", "a",
                "traceparent", "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-future"));
        spans(SpanKind.SERVER, "http", Set.of()).begin(later, "/x", "api", client).end();
        HttpRequest unsampled = request("/x", Map.of("host", "a",
                "traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"));
        assertThat(spans(SpanKind.SERVER, "http", Set.of()).begin(unsampled, "/x", "api", client))
                .isSameAs(ExchangeTracing.Trace.NONE);

        assertThat(exportedSpans()).singleElement().satisfies(span -> {
            assertThat(span.getTraceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
            assertThat(span.getParentSpanId()).isEqualTo("b7ad6b7169203331");
        });
        assertThat(unsampled.headers().get("traceparent"))
                .matches("00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-00").doesNotContain("b7ad6b7169203331");
    }

    @Test
    void samplingZeroRecordsNoRootTraceButPassesAnUnsampledTraceparentOn() {
        HttpRequest request = request("/x", Map.of("host", "a"));
        assertThat(spans(SpanKind.SERVER, "http", Set.of(), 0.0).begin(request, "/x", "api", client))
                .isSameAs(ExchangeTracing.Trace.NONE);
        assertThat(request.headers().get("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-00");
        assertThat(exportedSpans()).isEmpty();
    }

    @Test
    void aMeshCallAnswered4xxFailsAndFromTheMeshsOwnPortHasNoCaller() {
        HttpRequest request = request("/greeting", Map.of("host", "greeter.rt.local", "traceparent", PARENT));
        ExchangeTracing.Trace trace = spans(SpanKind.CLIENT, "http", Set.of())
                .begin(request, "/greeting", "greeter", client);
        trace.response(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_FOUND), false);
        trace.end();

        SpanData span = exportedSpans().get(0);
        assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR); // a CLIENT span fails on 4xx
        assertThat(span.getParentSpanId()).isEqualTo("b7ad6b7169203331");
        assertThat(span.getAttributes().asMap().keySet()).noneMatch(key -> key.getKey().equals("rt.caller.id"));
    }

    private static DefaultHttpResponse workerResponse(String span) {
        DefaultHttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        response.headers().set("x-rt-span", span).set("content-type", "text/plain");
        return response;
    }

    @Test
    void theWorkersSpanComesBackInItsResponseHeadWhichTheClientNeverSees() {
        HttpRequest request = request("/api/products/7?x=1", Map.of("host", "shop.example", "traceparent", PARENT));
        request.setUri("/products/7?x=1"); // as the route forwards it
        ExchangeTracing.Trace trace = spans(SpanKind.SERVER, "http", Set.of())
                .begin(request, "/api/products/7?x=1", "api", client);
        DefaultHttpResponse response = workerResponse("00f067aa0ba902b7;1700000000000000000;2500000;200;/products/:id");
        trace.workerHead(response);
        trace.response(response, false);
        trace.end();

        assertThat(response.headers().contains("x-rt-span")).isFalse();
        assertThat(response.headers().get("content-type")).isEqualTo("text/plain");
        List<SpanData> spans = exportedSpans();
        assertThat(spans).hasSize(2);
        SpanData server = spans.get(0);
        SpanData worker = spans.get(1);
        assertThat(worker.getName()).isEqualTo("GET /products/:id");
        assertThat(worker.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(worker.getSpanId()).isEqualTo("00f067aa0ba902b7");
        assertThat(worker.getTraceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
        assertThat(worker.getParentSpanId()).isEqualTo(server.getSpanId());
        assertThat(worker.getStartEpochNanos()).isEqualTo(1700000000000000000L);
        assertThat(worker.getEndEpochNanos()).isGreaterThanOrEqualTo(1700000000002500000L);
        assertThat(worker.getResource().getAttribute(io.opentelemetry.api.common.AttributeKey.stringKey("service.name")))
                .isEqualTo("shop-api");
        assertThat(worker.getInstrumentationScopeInfo().getName()).isEqualTo("dev.rt.worker");
        assertThat(worker.getAttributes().asMap()).extractingFromEntries(e -> e.getKey().getKey() + "=" + e.getValue())
                .containsExactlyInAnyOrder("http.request.method=GET", "url.path=/products/7",
                        "http.route=/products/:id", "http.response.status_code=200");
        assertThat(worker.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    }

    @Test
    void aWorkerSpanWithoutRouteIsNamedByItsPathAndA5xxFails() {
        HttpRequest request = request("/boom", Map.of("host", "a"));
        ExchangeTracing.Trace trace = spans(SpanKind.SERVER, "http", Set.of()).begin(request, "/boom", "api", client);
        DefaultHttpResponse response = workerResponse("00f067aa0ba902b7;1700000000000000000;10;503;");
        trace.workerHead(response);
        trace.end();

        SpanData worker = exportedSpans().get(1);
        assertThat(worker.getName()).isEqualTo("GET /boom");
        assertThat(worker.getStatus()).satisfies(status -> {
            assertThat(status.getStatusCode()).isEqualTo(StatusCode.ERROR);
            assertThat(status.getDescription()).isEqualTo("HTTP 503");
        });
        assertThat(worker.getAttributes().asMap().keySet()).noneMatch(key -> key.getKey().equals("http.route"));
    }

    @Test
    void aMalformedWorkerSpanIsDroppedAndTakenOutTheRequestGoesOn() {
        for (String bad : List.of("", "garbage", "00f067aa0ba902b7;x;1;200;/", "00F067AA0BA902B7;1;1;200;/",
                "0000000000000000;1700000000000000000;1;200;/", "00f067aa0ba902b7;1700000000000000000;-1;200;/",
                "00f067aa0ba902b7;1700000000000000000;1;20;/", "00f067aa0ba902b7;1700000000000000000;1;200",
                "00f067aa0ba902b;1700000000000000000;1;200;/", "00f067aa0ba902b7;;1;200;/")) {
            HttpRequest request = request("/x", Map.of("host", "a"));
            ExchangeTracing.Trace trace = spans(SpanKind.SERVER, "http", Set.of()).begin(request, "/x", "api", client);
            DefaultHttpResponse response = workerResponse(bad);
            trace.workerHead(response);
            trace.response(response, false);
            trace.end();
            assertThat(response.headers().contains("x-rt-span")).as(bad).isFalse();
        }
        assertThat(exportedSpans()).hasSize(10).allMatch(span -> span.getInstrumentationScopeInfo().getName()
                .equals("dev.rt.supervisor"));
    }

    @Test
    void aWorkerSpanIsTakenOutButNotExportedForAServiceWhoseWorkersRecordNoneOrAnUntracedRequest() {
        HttpRequest request = request("/x", Map.of("host", "a"));
        ExchangeTracing.Trace trace = spans(SpanKind.SERVER, "http", Set.of()).begin(request, "/x", "other", client);
        DefaultHttpResponse response = workerResponse("00f067aa0ba902b7;1700000000000000000;10;200;/x");
        trace.workerHead(response);
        trace.end();
        DefaultHttpResponse untraced = workerResponse("00f067aa0ba902b7;1700000000000000000;10;200;/x");
        ExchangeTracing.Trace.NONE.workerHead(untraced);

        assertThat(response.headers().contains("x-rt-span")).isFalse();
        assertThat(untraced.headers().contains("x-rt-span")).isFalse();
        assertThat(exportedSpans()).singleElement().satisfies(span -> assertThat(span.getName()).isEqualTo("GET /x"));
    }

    @Test
    void theTraceStateOfAContinuedTraceGoesOnToTheWorkerAndIntoBothSpans() {
        String state = "congo=t61rcWkgMzE,rojo=00f067aa0ba902b7";
        HttpRequest request = request("/x", Map.of("host", "a", "traceparent", PARENT, "tracestate", state));
        ExchangeTracing.Trace trace = spans(SpanKind.SERVER, "http", Set.of()).begin(request, "/x", "api", client);
        DefaultHttpResponse response = workerResponse("00f067aa0ba902b7;1700000000000000000;10;200;/x");
        trace.workerHead(response);
        trace.response(response, false);
        trace.end();

        assertThat(request.headers().get("tracestate")).isEqualTo(state);
        assertThat(exportedSpans()).hasSize(2).allSatisfy(span -> {
            assertThat(span.getSpanContext().getTraceState().get("congo")).isEqualTo("t61rcWkgMzE");
            assertThat(span.getSpanContext().getTraceState().get("rojo")).isEqualTo("00f067aa0ba902b7");
        });
    }

    @Test
    void aTraceStateInSeveralHeadersIsOneListAndOneThatBreaksTheRulesIsNone() {
        HttpRequest split = request("/x", Map.of("host", "a", "traceparent", PARENT));
        split.headers().add("tracestate", "a=1").add("tracestate", "b=2");
        spans(SpanKind.SERVER, "http", Set.of()).begin(split, "/x", "api", client).end();
        HttpRequest broken = request("/x", Map.of("host", "a", "traceparent", PARENT, "tracestate", "no equals sign"));
        spans(SpanKind.SERVER, "http", Set.of()).begin(broken, "/x", "api", client).end();

        List<SpanData> spans = exportedSpans();
        assertThat(spans.get(0).getSpanContext().getTraceState().asMap()).containsOnly(Map.entry("a", "1"),
                Map.entry("b", "2"));
        assertThat(spans.get(1).getSpanContext().getTraceState().isEmpty()).isTrue();
    }

    @Test
    void aTraceStateWithoutAValidTraceparentIsNotSentOn() {
        HttpRequest request = request("/x", Map.of("host", "a", "tracestate", "congo=t61rcWkgMzE"));
        spans(SpanKind.SERVER, "http", Set.of()).begin(request, "/x", "api", client).end();

        assertThat(request.headers().contains("tracestate")).isFalse();
        assertThat(exportedSpans()).singleElement().satisfies(span -> assertThat(span.getSpanContext()
                .getTraceState().isEmpty()).isTrue());
    }
}
