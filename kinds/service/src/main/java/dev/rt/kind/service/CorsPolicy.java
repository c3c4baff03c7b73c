package dev.rt.kind.service;

import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;

/**
 * CORS with {@code server.cors}: adds the allow-origin (and credentials, exposed headers) headers to responses for
 * the origins allowed, and answers preflight requests ({@code OPTIONS} with {@code Origin} and
 * {@code Access-Control-Request-Method}) itself with the allowed methods, headers and max age. A strict preflight
 * missing either header is a 400 {@code Invalid Preflight Request}.
 */
final class CorsPolicy implements Handler<RoutingContext> {
    private final CorsSettings cors;

    CorsPolicy(CorsSettings cors) {
        this.cors = cors;
    }

    @Override
    public void handle(RoutingContext context) {
        Optional<String> origin = Optional.ofNullable(context.request().getHeader("origin"));
        Optional<String> allowed = cors.origin().allow(origin);
        if (allowed.isEmpty()) {
            context.next();
            return;
        }
        HttpServerResponse response = context.response();
        MultiMap headers = response.headers();
        headers.set("access-control-allow-origin", allowed.get());
        if (cors.credentials()) {
            headers.set("access-control-allow-credentials", "true");
        }
        cors.exposedHeaders().ifPresent(exposed -> headers.set("access-control-expose-headers", exposed));
        if (cors.origin().varies() || !allowed.get().equals("*")) {
            vary(headers, "Origin");
        }
        if (context.request().method() != HttpMethod.OPTIONS || !cors.preflight()) {
            context.next();
            return;
        }
        String requestMethod = context.request().getHeader("access-control-request-method");
        if (cors.strictPreflight() && (origin.isEmpty() || requestMethod == null)) {
            response.setStatusCode(400).putHeader("content-type", "text/plain; charset=utf-8")
                    .end("Invalid Preflight Request");
            return;
        }
        headers.set("access-control-allow-methods", cors.methods());
        Optional<String> allowHeaders = cors.allowedHeaders()
                .or(() -> Optional.ofNullable(context.request().getHeader("access-control-request-headers")));
        if (cors.allowedHeaders().isEmpty()) {
            vary(headers, "Access-Control-Request-Headers");
        }
        allowHeaders.ifPresent(value -> headers.set("access-control-allow-headers", value));
        cors.maxAge().ifPresent(age -> headers.set("access-control-max-age", Long.toString(age)));
        cors.cacheControl().ifPresent(value -> headers.set("cache-control", value));
        if (cors.preflightContinue()) {
            context.next();
            return;
        }
        response.setStatusCode(cors.optionsSuccessStatus()).putHeader("content-length", "0").end();
    }

    private static void vary(MultiMap headers, String name) {
        String existing = headers.get("vary");
        if (existing == null) {
            headers.set("vary", name);
        } else if (!existing.toLowerCase(java.util.Locale.ROOT).contains(name.toLowerCase(java.util.Locale.ROOT))) {
            headers.set("vary", existing + ", " + name);
        }
    }
}
