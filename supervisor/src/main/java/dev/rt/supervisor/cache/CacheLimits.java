package dev.rt.supervisor.cache;

import dev.rt.config.HttpCacheConfig;

/**
 * The bounds of the cache, from {@code httpCache}, with rt's defaults: 1024 responses, 100 MiB in all, 5 MiB
 * each. A response larger than {@code maxEntrySize} goes through to its client unstored, never buffered whole.
 */
record CacheLimits(long maxCount, long maxSize, long maxEntrySize) {
    static final long DEFAULT_MAX_COUNT = 1024;
    static final long DEFAULT_MAX_SIZE = 100L * 1024 * 1024;
    static final long DEFAULT_MAX_ENTRY_SIZE = 5L * 1024 * 1024;

    static CacheLimits of(HttpCacheConfig config) {
        long maxSize = config.maxSize().orElse(DEFAULT_MAX_SIZE);
        return new CacheLimits(config.maxCount().orElse(DEFAULT_MAX_COUNT), maxSize,
                Math.min(maxSize, config.maxEntrySize().orElse(DEFAULT_MAX_ENTRY_SIZE)));
    }
}
