package dev.rt.kind.service.http;

import dev.rt.kind.KindSpan;
import dev.rt.kind.RequestTracing;
import dev.rt.kind.ResponseHeadSpan;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * The first handler of every request of a traced service: starts its SERVER span, which the plugin route that
 * matched names after itself ({@code http.route}), and ends it with the response; the span goes back to the
 * supervisor in the response head when it can ({@link ResponseHeadSpan}). A kind built on the service's host finds a
 * request's span with {@link #of}, to record spans inside it (the db kind's SQL).
 */
public final class RequestSpans implements Handler<RoutingContext> {
    private static final String SPAN = "rt.span";

    private final RequestTracing tracing;

    RequestSpans(RequestTracing tracing) {
        this.tracing = tracing;
    }

    @Override
    public void handle(RoutingContext context) {
        HttpServerRequest request = context.request();
        KindSpan span = tracing.serverSpan(request.getHeader("traceparent"), request.method().name(), request.path());
        if (span != KindSpan.NONE) {
            context.put(SPAN, span);
            context.addHeadersEndHandler(head -> {
                String header = ResponseHeadSpan.headerFor(span, context.response().getStatusCode());
                if (header != null) {
                    context.response().putHeader(ResponseHeadSpan.HEADER, header);
                }
            });
            context.addEndHandler(done -> {
                span.status(context.response().getStatusCode());
                if (done.failed()) {
                    span.fail(String.valueOf(done.cause()));
                }
                span.end();
            });
        }
        context.next();
    }

    /** The request's span; {@link KindSpan#NONE} when it is not recorded. */
    public static KindSpan of(RoutingContext context) {
        KindSpan span = context.get(SPAN);
        return span == null ? KindSpan.NONE : span;
    }
}
