package dev.rt.supervisor.cache;

import dev.rt.protocol.CacheInvalidation;
import dev.rt.supervisor.worker.CacheInvalidations;
import java.util.ArrayList;
import java.util.List;

/** Removes from the {@link HttpCache} what a worker asks, with the checks of the management API's invalidation. */
public final class WorkerInvalidation implements CacheInvalidations {
    private final HttpCache cache;

    public WorkerInvalidation(HttpCache cache) {
        this.cache = cache;
    }

    @Override
    public String invalidate(CacheInvalidation request) {
        List<CacheKey> keys = new ArrayList<>();
        for (int i = 0; i < request.keys().size(); i++) {
            CacheInvalidation.Key key = request.keys().get(i);
            if (key.origin().isBlank() || key.path().isBlank()) {
                return "key " + i + " needs an origin and a path, found origin \"" + key.origin() + "\" and path \""
                        + key.path() + "\"";
            }
            if (key.method().isBlank()) {
                keys.addAll(cache.keysOf(key.origin(), key.path()));
            } else {
                keys.add(new CacheKey(CachedOrigins.normal(key.origin()), key.path(), key.method()));
            }
        }
        if (keys.isEmpty() && request.tags().stream().allMatch(String::isBlank)) {
            return "nothing to invalidate: give keys or tags";
        }
        try {
            cache.invalidate(keys, request.tags());
            return "";
        } catch (RuntimeException e) {
            return "the cache's store failed: " + e.getMessage();
        }
    }
}
