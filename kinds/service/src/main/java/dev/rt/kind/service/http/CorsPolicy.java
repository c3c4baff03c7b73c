package dev.rt.kind.service.http;

import dev.rt.kind.cors.CorsAnswer;
import dev.rt.kind.cors.CorsRules;
import dev.rt.kind.cors.CorsSettings;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.Optional;

/**
 * CORS with {@code server.cors}, as {@link CorsRules} decides it: the allow-origin (and credentials, exposed
 * headers) headers on responses for the origins allowed, and preflight requests ({@code OPTIONS} with
 * {@code Origin} and {@code Access-Control-Request-Method}) answered here with the allowed methods, headers and
 * max age, or refused with a 400 {@code Invalid Preflight Request}.
 */
final class CorsPolicy implements Handler<RoutingContext> {
    private final CorsRules rules;

    CorsPolicy(CorsSettings cors) {
        this.rules = new CorsRules(cors);
    }

    @Override
    public void handle(RoutingContext context) {
        HttpServerRequest request = context.request();
        Optional<CorsAnswer> answer = rules.answer(request.method().name(),
                Optional.ofNullable(request.getHeader("origin")),
                Optional.ofNullable(request.getHeader("access-control-request-method")),
                Optional.ofNullable(request.getHeader("access-control-request-headers")));
        if (answer.isEmpty()) {
            context.next();
            return;
        }
        HttpServerResponse response = context.response();
        MultiMap headers = response.headers();
        for (Map.Entry<String, String> header : answer.get().headers()) {
            headers.set(header.getKey(), header.getValue());
        }
        for (String name : answer.get().vary()) {
            headers.set("vary", CorsRules.vary(Optional.ofNullable(headers.get("vary")), name));
        }
        if (!answer.get().answers()) {
            context.next();
            return;
        }
        response.setStatusCode(answer.get().status().getAsInt());
        if (answer.get().body().isPresent()) {
            response.putHeader("content-type", CorsAnswer.BODY_TYPE).end(answer.get().body().get());
        } else {
            response.putHeader("content-length", "0").end();
        }
    }
}
