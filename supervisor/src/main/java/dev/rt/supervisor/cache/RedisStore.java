package dev.rt.supervisor.cache;

import dev.rt.supervisor.log.RuntimeLog;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A store in Redis ({@code httpCache.store: "redis://..."} or {@code "rediss://..."}, {@link RedisAddress}), which
 * the replicas of a runtime share: the variants of a key are one value ({@link StoredResponseCodec}) that expires
 * when its freshest variant goes stale, and each tag is a set of the keys carrying it. {@code maxCount} and
 * {@code maxSize} bound what all the replicas store together, the oldest stored evicted first ({@link RedisBounds},
 * whose index also answers the metrics); {@code maxEntrySize} applies as in memory, and Redis's own
 * {@code maxmemory} still may.
 *
 * <p>Commands go through a {@link RedisConnection} (Lettuce) and never block the proxy's event loops. A Redis that
 * refuses the connection at start (a wrong password, a certificate it cannot trust) stops the start. While Redis
 * fails, a lookup is a miss and nothing is stored; each failure is counted and logged ({@link StoreFailures}). Writes
 * run in order, and a lookup waits for the writes asked before it, so a replica reads what it stored.
 */
final class RedisStore implements CacheStore {
    static final String PREFIX = "rt:http-cache:";
    private static final String TAG_PREFIX = "rt:http-cache-tag:";
    /** How long a scrape of the metrics waits for the count and size. */
    private static final Duration SCRAPE_WAIT = Duration.ofSeconds(2);

    private final RedisConnection redis;
    private final RedisBounds bounds;
    private final StoreFailures failures;
    private CompletableFuture<Void> writes = CompletableFuture.completedFuture(null);

    private RedisStore(RedisConnection redis, CacheLimits limits, StoreFailures failures) {
        this.redis = redis;
        this.bounds = new RedisBounds(limits);
        this.failures = failures;
    }

    /**
     * The store on the Redis of {@code address}; one that cannot be reached now is tried again on use.
     *
     * @throws RedisConnection.RefusedException when Redis refuses the connection (its password, its certificate)
     */
    static RedisStore open(RedisAddress address, CacheLimits limits, StoreFailures failures, RuntimeLog log)
            throws RedisConnection.RefusedException {
        return new RedisStore(RedisConnection.open(address, log), limits, failures);
    }

    static String name(CacheKey key) {
        return PREFIX + key.method() + " " + key.origin() + key.path();
    }

    @Override
    public CompletionStage<List<StoredResponse>> get(CacheKey key) {
        CompletableFuture<Void> before;
        synchronized (this) {
            before = writes;
        }
        return before.thenCompose(done -> redis.commands()).thenCompose(commands -> commands.get(name(key)))
                .thenApply(RedisStore::decode).handle((variants, error) -> {
                    if (error != null) {
                        failures.failed("look up a response", error);
                        return List.of();
                    }
                    failures.succeeded();
                    return variants;
                });
    }

    private static List<StoredResponse> decode(byte[] value) {
        try {
            return value == null ? List.of() : StoredResponseCodec.read(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void put(CacheKey key, StoredResponse response) {
        String name = name(key);
        write("store a response", commands -> commands.get(name).thenCompose(value -> {
            List<StoredResponse> next = new ArrayList<>();
            decode(value).stream().filter(v -> !v.vary().equals(response.vary())).forEach(next::add);
            next.add(response);
            long now = System.currentTimeMillis();
            long ttl = next.stream().mapToLong(v -> (v.lifetime() - v.ageAt(now)) * 1000).max().orElse(0);
            if (ttl <= 0) {
                return CompletableFuture.completedFuture(null);
            }
            CompletionStage<?> stored = bounds.put(commands, name, StoredResponseCodec.write(next), ttl);
            for (String tag : response.tags()) {
                stored = stored.thenCombine(commands.sadd(TAG_PREFIX + tag, bytes(name)), (a, b) -> b);
            }
            return stored;
        }));
    }

    @Override
    public void delete(Collection<CacheKey> keys) {
        List<String> names = keys.stream().map(RedisStore::name).toList();
        write("delete responses", commands -> bounds.delete(commands, names));
    }

    @Override
    public void deleteTags(Collection<String> tags) {
        List<String> copy = List.copyOf(tags);
        write("delete tagged responses", commands -> {
            CompletionStage<?> done = CompletableFuture.completedFuture(null);
            for (String tag : copy) {
                done = done.thenCompose(previous -> commands.smembers(TAG_PREFIX + tag))
                        .thenCompose(members -> bounds.delete(commands, members.stream()
                                .map(name -> new String(name, StandardCharsets.UTF_8)).toList()))
                        .thenCompose(deleted -> commands.del(TAG_PREFIX + tag));
            }
            return done;
        });
    }

    /** Runs {@code operation} once the writes before it are done; a failure is counted and logged, never thrown. */
    private void write(String doing, Function<RedisAsyncCommands<String, byte[]>, CompletionStage<?>> operation) {
        synchronized (this) {
            writes = writes.thenCompose(done -> redis.commands())
                    .thenCompose(commands -> operation.apply(commands).thenApply(result -> null))
                    .handle((result, error) -> {
                        if (error != null) {
                            failures.failed(doing, error);
                        } else {
                            failures.succeeded();
                        }
                        return null;
                    });
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public long count() {
        return usage().count();
    }

    @Override
    public long size() {
        return usage().bytes();
    }

    /** From the index and total the bounds keep: one round trip, whatever the number of entries. */
    @Override
    public Usage usage() {
        try {
            Usage usage = redis.commands().thenCompose(bounds::usage).toCompletableFuture()
                    .get(SCRAPE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            failures.succeeded();
            return usage;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Usage.UNKNOWN;
        } catch (Exception e) {
            failures.failed("count its entries", e);
            return Usage.UNKNOWN;
        }
    }

    @Override
    public void close() {
        redis.close();
    }
}
