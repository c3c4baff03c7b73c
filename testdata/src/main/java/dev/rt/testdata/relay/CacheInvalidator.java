package dev.rt.testdata.relay;

import com.sun.net.httpserver.HttpExchange;
import dev.rt.kind.HttpCacheInvalidation;
import dev.rt.kind.KindException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /invalidate?tag=t&origin=o&path=p}: removes from the runtime's HTTP cache, through the worker's
 * {@link HttpCacheInvalidation}, the responses tagged {@code t} and those of {@code p} at {@code o}; answers 204 once
 * done, or 500 with the reason.
 */
final class CacheInvalidator {
    private CacheInvalidator() {
    }

    static void serve(HttpExchange exchange) throws IOException {
        Map<String, String> query = Resource.query(exchange.getRequestURI().getRawQuery());
        List<HttpCacheInvalidation.Key> keys = query.containsKey("origin")
                ? List.of(new HttpCacheInvalidation.Key(query.get("origin"), query.getOrDefault("path", ""),
                        Optional.empty()))
                : List.of();
        List<String> tags = query.containsKey("tag") ? List.of(query.get("tag")) : List.of();
        try {
            HttpCacheInvalidation.current().invalidate(keys, tags);
            exchange.sendResponseHeaders(204, -1);
        } catch (KindException e) {
            byte[] body = e.getMessage().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(500, body.length);
            exchange.getResponseBody().write(body);
        }
    }
}
