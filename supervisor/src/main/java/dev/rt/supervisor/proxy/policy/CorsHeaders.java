package dev.rt.supervisor.proxy.policy;

import dev.rt.kind.cors.CorsRules;
import dev.rt.kind.cors.CorsSettings;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code server.cors} at the public server: the {@link CorsRequest} of each request head, by {@link CorsRules}.
 * What a request other than a preflight gets depends on its {@code Origin} alone, so it is worked out once per
 * origin and kept, for the first {@link #KEPT} origins (an origin is the client's to choose: the rest are worked
 * out each time).
 */
final class CorsHeaders {
    static final int KEPT = 256;
    private static final String NO_ORIGIN = "";

    private final CorsRules rules;
    private final Map<String, CorsRequest> byOrigin = new ConcurrentHashMap<>();

    CorsHeaders(CorsSettings settings) {
        this.rules = new CorsRules(settings);
    }

    CorsRequest of(HttpRequest head) {
        HttpHeaders headers = head.headers();
        String origin = headers.get(HttpHeaderNames.ORIGIN);
        if (!HttpMethod.OPTIONS.equals(head.method())) {
            String key = origin == null ? NO_ORIGIN : origin;
            CorsRequest kept = byOrigin.get(key);
            if (kept == null) {
                kept = answer(head.method().name(), origin, null, null);
                if (byOrigin.size() < KEPT) {
                    byOrigin.putIfAbsent(key, kept);
                }
            }
            return kept;
        }
        return answer(head.method().name(), origin, headers.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD),
                headers.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_HEADERS));
    }

    private CorsRequest answer(String method, String origin, String requestMethod, String requestHeaders) {
        return rules.answer(method, Optional.ofNullable(origin), Optional.ofNullable(requestMethod),
                Optional.ofNullable(requestHeaders)).map(CorsRequest::new).orElse(CorsRequest.NONE);
    }
}
