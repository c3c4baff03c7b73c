package dev.rt.supervisor.cache;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the cache did since the runtime started: requests answered from it, requests it could not answer, stores, and
 * operations its store failed.
 */
public final class CacheCounters {
    final LongAdder hits = new LongAdder();
    final LongAdder misses = new LongAdder();
    final LongAdder stored = new LongAdder();
    final LongAdder tooLarge = new LongAdder();
    final LongAdder storeErrors = new LongAdder();

    public long hits() {
        return hits.sum();
    }

    public long misses() {
        return misses.sum();
    }

    public long stored() {
        return stored.sum();
    }

    /** Responses not stored because they were larger than {@code maxEntrySize}. */
    public long tooLarge() {
        return tooLarge.sum();
    }

    /** Operations of the store that failed (Redis unreachable, refusing or too slow), each a miss or a store lost. */
    public long storeErrors() {
        return storeErrors.sum();
    }
}
