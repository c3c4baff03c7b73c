package dev.rt.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.KindSpan;
import dev.rt.kind.ResponseHeadSpan;
import dev.rt.protocol.WorkerSpan;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class AgentTracingTest {
    private static final String TRACE = "0af7651916cd43dd8448eb211c80319c";
    private final List<WorkerSpan> ended = new CopyOnWriteArrayList<>();
    private final AgentTracing tracing = new AgentTracing(ended::add);

    @Test
    void aSampledRequestGetsAServerSpanChildOfItsTraceparentNamedAfterItsRoute() {
        KindSpan span = tracing.serverSpan("00-" + TRACE + "-b7ad6b7169203331-01", "GET", "/products/7");
        span.route("/products/:id");
        KindSpan query = span.child("SELECT products", KindSpan.Kind.CLIENT);
        query.attribute("db.system", "sqlite");
        query.end();
        span.status(503);
        span.end();
        span.end(); // once only

        assertThat(ended).hasSize(2);
        WorkerSpan server = ended.get(1);
        assertThat(server.traceId()).isEqualTo(TRACE);
        assertThat(server.parentSpanId()).isEqualTo("b7ad6b7169203331");
        assertThat(server.spanId()).matches("[0-9a-f]{16}").isNotEqualTo("0000000000000000");
        assertThat(server.name()).isEqualTo("GET /products/:id");
        assertThat(server.kind()).isEqualTo("SERVER");
        assertThat(server.attributes()).containsEntry("http.route", "/products/:id")
                .containsEntry("http.request.method", "GET").containsEntry("url.path", "/products/7");
        assertThat(server.numbers()).containsEntry("http.response.status_code", 503L);
        assertThat(server.error()).isEqualTo("HTTP 503");
        assertThat(server.endEpochNanos()).isGreaterThanOrEqualTo(server.startEpochNanos());
        assertThat(ended.get(0).parentSpanId()).isEqualTo(server.spanId());
        assertThat(ended.get(0).kind()).isEqualTo("CLIENT");
        assertThat(span.traceparent()).contains("00-" + TRACE + "-" + server.spanId() + "-01");
    }

    @Test
    void anUnsampledMissingOrMalformedTraceparentRecordsNothing() {
        assertThat(tracing.serverSpan("00-" + TRACE + "-b7ad6b7169203331-00", "GET", "/")).isSameAs(KindSpan.NONE);
        assertThat(tracing.serverSpan(null, "GET", "/")).isSameAs(KindSpan.NONE);
        assertThat(tracing.serverSpan("00-" + TRACE.toUpperCase() + "-b7ad6b7169203331-01", "GET", "/"))
                .isSameAs(KindSpan.NONE);
        assertThat(tracing.serverSpan("00-" + "0".repeat(32) + "-b7ad6b7169203331-01", "GET", "/"))
                .isSameAs(KindSpan.NONE);
        assertThat(tracing.serverSpan("garbage", "GET", "/")).isSameAs(KindSpan.NONE);
        KindSpan.NONE.end();
        assertThat(ended).isEmpty();
    }

    @Test
    void aRequestSpanWithOnlyItsRouteAndStatusGoesBackInTheResponseHeadAndIsNotSentAgain() {
        KindSpan span = tracing.serverSpan("00-" + TRACE + "-b7ad6b7169203331-01", "GET", "/products/7");
        span.route("/products/:id");
        KindSpan query = span.child("SELECT products", KindSpan.Kind.CLIENT);
        long before = System.currentTimeMillis();

        String header = ResponseHeadSpan.headerFor(span, 200);
        span.status(200);
        span.end();
        query.end(); // a child still goes by itself

        assertThat(header).matches("[0-9a-f]{16};[0-9]+;[0-9]+;200;/products/:id");
        String[] parts = header.split(";");
        assertThat(Long.parseLong(parts[1]) / 1_000_000).isBetween(before - 60_000, before + 60_000);
        assertThat(ended).singleElement().satisfies(child -> assertThat(child.parentSpanId()).isEqualTo(parts[0]));
        assertThat(span.traceparent()).contains("00-" + TRACE + "-" + parts[0] + "-01");
        assertThat(ResponseHeadSpan.headerFor(span, 200)).isNull(); // once
    }

    @Test
    void aSpanWithMoreThanTheHeadCarriesOrThatFailedIsSentWhenItEnds() {
        KindSpan attributed = tracing.serverSpan("00-" + TRACE + "-b7ad6b7169203331-01", "POST", "/orders");
        attributed.attribute("rt.extra", "x");
        KindSpan failed = tracing.serverSpan("00-" + TRACE + "-b7ad6b7169203331-01", "GET", "/boom");
        failed.fail("java.lang.IllegalStateException: boom");
        KindSpan badRoute = tracing.serverSpan("00-" + TRACE + "-b7ad6b7169203331-01", "GET", "/x");
        badRoute.route("/caf\u00e9");

        assertThat(ResponseHeadSpan.headerFor(attributed, 201)).isNull();
        assertThat(ResponseHeadSpan.headerFor(failed, 500)).isNull();
        assertThat(ResponseHeadSpan.headerFor(badRoute, 200)).isNull();
        assertThat(ResponseHeadSpan.headerFor(KindSpan.NONE, 200)).isNull();
        attributed.end();
        failed.end();
        badRoute.end();

        assertThat(ended).extracting(WorkerSpan::name).containsExactly("POST /orders", "GET /boom", "GET /caf\u00e9");
        assertThat(ended.get(0).attributes()).containsEntry("rt.extra", "x").containsEntry("url.path", "/orders");
        assertThat(ended.get(1).error()).isEqualTo("java.lang.IllegalStateException: boom");
    }
}
