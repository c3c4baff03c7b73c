package dev.rt.supervisor.cache;

import java.util.Locale;
import java.util.Objects;

/**
 * What a stored response is found by: the origin ({@code http://<id>.rt.local} or an origin outside the runtime),
 * the path with its query, and the method. Variants of one key differ by the request headers their {@code Vary}
 * names.
 */
public record CacheKey(String origin, String path, String method) {
    public CacheKey {
        origin = Objects.requireNonNull(origin, "origin").toLowerCase(Locale.ROOT);
        Objects.requireNonNull(path, "path");
        method = Objects.requireNonNull(method, "method").toUpperCase(Locale.ROOT);
    }

    /** The path with its query of a request target: origin form as is, absolute form without its origin. */
    static String pathOf(String target) {
        int scheme = target.indexOf("://");
        if (scheme < 0 || target.startsWith("/")) {
            return target;
        }
        int slash = target.indexOf('/', scheme + 3);
        int query = target.indexOf('?', scheme + 3);
        if (slash < 0 && query < 0) {
            return "/";
        }
        if (slash < 0 || (query >= 0 && query < slash)) {
            return "/" + target.substring(query);
        }
        return target.substring(slash);
    }
}
