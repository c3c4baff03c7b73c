package dev.rt.supervisor.cache;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Where the HTTP cache keeps its entries. Called on the proxy's event loops: an implementation never blocks, and
 * one that waits (a store over the network) answers {@link #get} with a future. The in-memory store is the default;
 * {@code httpCache.store} names a class implementing this interface, with a public constructor taking the
 * {@link dev.rt.config.HttpCacheConfig}, or none.
 */
public interface CacheStore extends AutoCloseable {

    /** The variants stored for {@code key}, fresh or not; empty when there is none. */
    CompletionStage<List<StoredResponse>> get(CacheKey key);

    /** Stores {@code response} for {@code key}, replacing a variant with the same {@code vary} values. */
    void put(CacheKey key, StoredResponse response);

    /** Removes every variant of each key. */
    void delete(Collection<CacheKey> keys);

    /** Removes every response that carries one of {@code tags}. */
    void deleteTags(Collection<String> tags);

    /** Responses stored now (variants counted one by one). */
    long count();

    /** Bytes stored now, roughly ({@link StoredResponse#weight()}). */
    long size();

    /**
     * {@link #count()} and {@link #size()} together, as a scrape of the metrics reads them; a store over the network
     * answers both in one round trip.
     */
    default Usage usage() {
        return new Usage(count(), size());
    }

    /** What a store holds: responses and bytes, each -1 when it cannot tell. */
    record Usage(long count, long bytes) {
        public static final Usage UNKNOWN = new Usage(-1, -1);
    }

    @Override
    default void close() {
    }
}
