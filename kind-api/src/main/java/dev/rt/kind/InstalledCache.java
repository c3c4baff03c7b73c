package dev.rt.kind;

import java.util.concurrent.atomic.AtomicReference;

/** Where {@link HttpCacheInvalidation#install} keeps the worker's. */
final class InstalledCache {
    static final AtomicReference<HttpCacheInvalidation> CURRENT =
            new AtomicReference<>(HttpCacheInvalidation.UNAVAILABLE);

    private InstalledCache() {
    }
}
