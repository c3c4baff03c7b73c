package dev.rt.kind.java;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.rt.kind.KindSpan;
import dev.rt.kind.RequestTracing;
import java.io.IOException;

/**
 * Records the SERVER span of each request a {@code java.build} handler serves, when the service is traced; the span
 * goes back in the response head when it can ({@link HeadSpanExchange}).
 */
final class TracingHandler implements HttpHandler {
    private final HttpHandler delegate;
    private final RequestTracing tracing;

    private TracingHandler(HttpHandler delegate, RequestTracing tracing) {
        this.delegate = delegate;
        this.tracing = tracing;
    }

    /** {@code handler} itself when the service is not traced. */
    static HttpHandler around(HttpHandler handler, RequestTracing tracing) {
        return tracing == RequestTracing.OFF ? handler : new TracingHandler(handler, tracing);
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        KindSpan span = tracing.serverSpan(exchange.getRequestHeaders().getFirst("traceparent"),
                exchange.getRequestMethod(), exchange.getRequestURI().getRawPath());
        if (span == KindSpan.NONE) {
            delegate.handle(exchange);
            return;
        }
        try {
            delegate.handle(new HeadSpanExchange(exchange, span));
        } catch (IOException | RuntimeException | Error e) {
            span.fail(e.toString());
            throw e;
        } finally {
            int status = exchange.getResponseCode();
            if (status > 0) {
                span.status(status);
            }
            span.end();
        }
    }
}
