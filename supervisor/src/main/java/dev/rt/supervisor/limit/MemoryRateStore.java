package dev.rt.supervisor.limit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;

/**
 * The counts in the supervisor's memory: a Caffeine table of at most {@code maxKeys} windows (the least recently used
 * go first) that forgets a window once it has ended. Keys a client makes up (a forged header) can therefore never
 * grow it beyond its bound; an evicted key starts a new window, as in {@code @fastify/rate-limit}'s LRU store.
 */
final class MemoryRateStore implements RateStore {
    private final Cache<String, Window> windows;
    private final LongSupplier clock;

    private record Window(long start, long count) {
    }

    MemoryRateStore(long maxKeys, long windowMillis, LongSupplier nanoClock) {
        this.clock = nanoClock;
        this.windows = Caffeine.newBuilder().maximumSize(maxKeys).expireAfterWrite(Duration.ofMillis(windowMillis))
                .executor(Runnable::run).build();
    }

    @Override
    public CompletionStage<Hit> hit(String key, long windowMillis) {
        long now = clock.getAsLong();
        long window = windowMillis * 1_000_000L;
        Window counted = windows.asMap().compute(key, (k, last) -> last == null || now - last.start >= window
                ? new Window(now, 1) : new Window(last.start, last.count + 1));
        long reset = Math.max(0, (counted.start + window - now) / 1_000_000L);
        return CompletableFuture.completedFuture(new Hit(counted.count, reset));
    }

    /** Windows held now, once pending evictions are done. */
    long size() {
        windows.cleanUp();
        return windows.estimatedSize();
    }

    @Override
    public void close() {
        windows.invalidateAll();
    }
}
