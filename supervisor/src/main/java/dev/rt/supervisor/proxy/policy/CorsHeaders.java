package dev.rt.supervisor.proxy.policy;

import dev.rt.kind.cors.CorsRules;
import dev.rt.kind.cors.CorsSettings;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import java.util.Optional;

/** {@code server.cors} at the public server: the {@link CorsRequest} of each request head, by {@link CorsRules}. */
final class CorsHeaders {
    private final CorsRules rules;

    CorsHeaders(CorsSettings settings) {
        this.rules = new CorsRules(settings);
    }

    CorsRequest of(HttpRequest head) {
        HttpHeaders headers = head.headers();
        return rules.answer(head.method().name(), Optional.ofNullable(headers.get(HttpHeaderNames.ORIGIN)),
                Optional.ofNullable(headers.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD)),
                Optional.ofNullable(headers.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_HEADERS)))
                .map(CorsRequest::new).orElse(CorsRequest.NONE);
    }
}
