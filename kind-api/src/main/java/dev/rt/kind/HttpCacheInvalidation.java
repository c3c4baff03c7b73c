package dev.rt.kind;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Removes responses from the runtime's HTTP cache ({@code httpCache}), from inside a worker: by key (the origin and
 * path a response was cached under) and by tag (the values of the {@code cacheTagsHeader} responses carried). A kind
 * has it as {@link WorkerContext#httpCache()}; an application running in a worker (a wrapped one, a kind's plugin)
 * as {@link #current()}. The same is {@code POST /http-cache/invalidate} of the management API, and
 * {@code rt ctl cache invalidate}.
 */
public interface HttpCacheInvalidation {
    /** Outside a runtime, or in a runtime without an HTTP cache: every call fails with a {@link KindException}. */
    HttpCacheInvalidation UNAVAILABLE = (keys, tags) -> {
        throw new KindException("the runtime has no HTTP cache here (httpCache is not configured, or this code does"
                + " not run in an rt worker)");
    };

    /**
     * Removes the responses of {@code keys} and those tagged with one of {@code tags} (trimmed), and returns once
     * the runtime has removed them: the next request does not get them.
     *
     * @throws KindException when the runtime refuses (no cache, a malformed key) or the call cannot reach it
     */
    void invalidate(List<Key> keys, List<String> tags);

    /** Removes the responses tagged with one of {@code tags}. */
    default void invalidateTags(String... tags) {
        invalidate(List.of(), Arrays.asList(tags));
    }

    /** Removes the responses of {@code path} (with its query) at {@code origin}, for every cached method. */
    default void invalidateKey(String origin, String path) {
        invalidate(List.of(new Key(origin, path, Optional.empty())), List.of());
    }

    /**
     * A cached URL.
     *
     * @param origin {@code http://<serviceId>.rt.local}, or an origin outside the runtime that the cache serves
     * @param path   the path with its query, as requested
     * @param method the method it was cached for; empty for every cached method
     */
    record Key(String origin, String path, Optional<String> method) {
        public Key {
            Objects.requireNonNull(origin, "origin");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(method, "method");
        }
    }

    /** The worker's: {@link #UNAVAILABLE} until the worker agent installed its own, and outside a worker. */
    static HttpCacheInvalidation current() {
        return InstalledCache.CURRENT.get();
    }

    /** For the worker agent, at the worker's start: what {@link #current()} returns from then on. */
    static void install(HttpCacheInvalidation invalidation) {
        InstalledCache.CURRENT.set(Objects.requireNonNull(invalidation, "invalidation"));
    }
}
