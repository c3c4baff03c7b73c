package dev.rt.kind.service.http;

import dev.rt.kind.RequestTracing;
import dev.rt.kind.service.forwarded.TrustedChain;
import dev.rt.kind.service.log.RequestLog;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.AllowForwardHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * The handlers every request of a service meets first, in order, from its {@code server} settings: the forwarded
 * headers the trusted proxies vouch for ({@code trustProxy}), the request's span, its id and log entries
 * ({@link RequestStart}), CORS, the request timeout, and the body, read within {@code bodyLimit}.
 */
public final class RequestPipeline {
    private RequestPipeline() {
    }

    public static void mount(Router router, ServerSettings server, RequestLog log, RequestTracing tracing) {
        router.allowForward(server.trustProxy().none() ? AllowForwardHeaders.NONE : AllowForwardHeaders.X_FORWARD);
        if (!server.trustProxy().none() && !server.trustProxy().all()) {
            router.route().handler(new TrustedChain(server.trustProxy())); // before anything reads the address
        }
        if (tracing != RequestTracing.OFF) {
            router.route().handler(new RequestSpans(tracing));
        }
        router.route().handler(new RequestStart(server, log));
        server.cors().ifPresent(cors -> router.route().handler(new CorsPolicy(cors)));
        if (server.requestTimeout() > 0) {
            router.route().handler(new RequestTimeout(server.requestTimeout()));
        }
        BodyHandler body = BodyHandler.create(false).setBodyLimit(server.bodyLimit());
        router.route().method(HttpMethod.POST).method(HttpMethod.PUT).method(HttpMethod.PATCH)
                .method(HttpMethod.DELETE).method(HttpMethod.OPTIONS).handler(body);
        if (server.requestTimeout() > 0) {
            router.route().handler(RequestTimeout::received);
        }
    }
}
