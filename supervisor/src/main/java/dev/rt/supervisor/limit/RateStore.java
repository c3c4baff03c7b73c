package dev.rt.supervisor.limit;

import java.util.concurrent.CompletionStage;

/** Where the counts of the windows live: {@link MemoryRateStore} or {@link RedisRateStore}. */
interface RateStore extends AutoCloseable {
    /**
     * Counts one request of {@code key} in its current window of {@code windowMillis}, which starts with the first
     * request after the last one ended (fixed windows, as {@code @fastify/rate-limit}'s stores count).
     */
    CompletionStage<Hit> hit(String key, long windowMillis);

    @Override
    void close();
}
