package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code httpCache}: the HTTP cache of the calls services make to each other. Absent or {@code false}: off;
 * {@code true}: the in-memory store caching GET and HEAD; an object: on, with its settings.
 *
 * @param store          where entries live: empty for the in-memory one, else a {@code redis://} URL, a jar or a
 *                       class name (a custom store)
 * @param maxSize        bytes the whole cache may hold
 * @param maxEntrySize   bytes one cached response may hold
 * @param origins        the origins cached: exact ({@code http://host[:port]}) or {@code /regex/flags}; empty for
 *                       every service of the runtime
 * @param cacheByDefault seconds a response without explicit freshness stays fresh; empty: such responses are
 *                       not stored
 */
public record HttpCacheConfig(
        boolean enabled,
        Optional<String> store,
        List<String> methods,
        Optional<String> cacheTagsHeader,
        OptionalLong maxCount,
        OptionalLong maxSize,
        OptionalLong maxEntrySize,
        List<String> origins,
        OptionalLong cacheByDefault) {

    public static final List<String> DEFAULT_METHODS = List.of("GET", "HEAD");

    public static final HttpCacheConfig DISABLED = new HttpCacheConfig(false, Optional.empty(), DEFAULT_METHODS,
            Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), List.of(),
            OptionalLong.empty());
    public static final HttpCacheConfig DEFAULTS = new HttpCacheConfig(true, Optional.empty(), DEFAULT_METHODS,
            Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), List.of(),
            OptionalLong.empty());

    public HttpCacheConfig {
        Objects.requireNonNull(store, "store");
        methods = List.copyOf(methods);
        Objects.requireNonNull(cacheTagsHeader, "cacheTagsHeader");
        Objects.requireNonNull(maxCount, "maxCount");
        Objects.requireNonNull(maxSize, "maxSize");
        Objects.requireNonNull(maxEntrySize, "maxEntrySize");
        origins = List.copyOf(origins);
        Objects.requireNonNull(cacheByDefault, "cacheByDefault");
    }

    static HttpCacheConfig from(ConfigNode httpCache) {
        if (httpCache.isMissing()) {
            return DISABLED;
        }
        if (!httpCache.json().isObject()) {
            return httpCache.bool(false) ? DEFAULTS : DISABLED;
        }
        return new HttpCacheConfig(true,
                httpCache.get("store").optionalString(),
                httpCache.has("methods") ? httpCache.get("methods").strings() : DEFAULT_METHODS,
                httpCache.get("cacheTagsHeader").optionalString(),
                httpCache.get("maxCount").optionalInteger(1, Long.MAX_VALUE),
                httpCache.get("maxSize").optionalBytes(),
                httpCache.get("maxEntrySize").optionalBytes(),
                httpCache.get("origins").strings(),
                httpCache.get("cacheByDefault").optionalInteger(1, Long.MAX_VALUE));
    }
}
