package dev.rt.supervisor.cache;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code maxCount} and {@code maxSize} in Redis, for every replica that shares it: beside the cached values, an index
 * of their names in the order they were stored (a sorted set scored by a counter), another by the time they expire,
 * their sizes (a hash) and the total (a counter). Storing a value forgets the expired names, then evicts the oldest values until both
 * bounds hold; each step is one Lua script, so replicas storing at once never see half of another's update, and
 * the time is Redis's own. The same index and total answer the metrics' count and size.
 */
final class RedisBounds {
    static final String INDEX = "rt:http-cache-index";
    static final String EXPIRY = "rt:http-cache-expiry";
    static final String SIZES = "rt:http-cache-sizes";
    static final String TOTAL = "rt:http-cache-bytes";
    static final String ORDER = "rt:http-cache-order";

    private static final String FORGET = """
            local function forget(n)
              local s = redis.call('HGET', KEYS[3], n)
              if s then redis.call('DECRBY', KEYS[4], s) end
              redis.call('HDEL', KEYS[3], n)
              redis.call('ZREM', KEYS[1], n)
              redis.call('ZREM', KEYS[2], n)
            end
            local t = redis.call('TIME')
            local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            for _, n in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do forget(n) end
            """;

    /** ARGV: name, value, ttl in ms, maxCount, maxSize. Returns the number of values evicted. */
    private static final String PUT = FORGET + """
            local name, value, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3])
            local maxCount, maxSize = tonumber(ARGV[4]), tonumber(ARGV[5])
            forget(name)
            redis.call('SET', name, value, 'PX', ttl)
            redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[5]), name)
            redis.call('ZADD', KEYS[2], now + ttl, name)
            redis.call('HSET', KEYS[3], name, #value)
            redis.call('INCRBY', KEYS[4], #value)
            local evicted = 0
            while redis.call('ZCARD', KEYS[1]) > maxCount
                or tonumber(redis.call('GET', KEYS[4]) or '0') > maxSize do
              local oldest = redis.call('ZRANGE', KEYS[1], 0, 0)[1]
              if not oldest then break end
              forget(oldest)
              redis.call('DEL', oldest)
              evicted = evicted + 1
            end
            return evicted
            """;

    /** ARGV: the names to delete. */
    private static final String DELETE = FORGET + """
            for _, n in ipairs(ARGV) do
              forget(n)
              redis.call('DEL', n)
            end
            return #ARGV
            """;

    /** Returns the number of values and their bytes, once the expired names are forgotten. */
    private static final String USAGE = FORGET + """
            return {redis.call('ZCARD', KEYS[1]), tonumber(redis.call('GET', KEYS[4]) or '0')}
            """;

    private static final String[] KEYS = {INDEX, EXPIRY, SIZES, TOTAL, ORDER};

    private final CacheLimits limits;

    RedisBounds(CacheLimits limits) {
        this.limits = limits;
    }

    /** Stores {@code value} as {@code name} for {@code ttlMillis}, then evicts the oldest values beyond the bounds. */
    CompletionStage<Long> put(RedisAsyncCommands<String, byte[]> redis, String name, byte[] value, long ttlMillis) {
        return redis.eval(PUT, ScriptOutputType.INTEGER, KEYS, bytes(name), value, bytes(ttlMillis),
                bytes(limits.maxCount()), bytes(limits.maxSize()));
    }

    /** Deletes the values of {@code names}, and their place in the bounds. */
    CompletionStage<Long> delete(RedisAsyncCommands<String, byte[]> redis, Collection<String> names) {
        if (names.isEmpty()) {
            return CompletableFuture.completedFuture(0L);
        }
        return redis.eval(DELETE, ScriptOutputType.INTEGER, KEYS,
                names.stream().map(RedisBounds::bytes).toArray(byte[][]::new));
    }

    /**
     * The values stored and their bytes, from the index and the total these scripts keep (no scan of the keyspace):
     * O(1), plus forgetting what expired since the last store.
     */
    CompletionStage<CacheStore.Usage> usage(RedisAsyncCommands<String, byte[]> redis) {
        return redis.<List<Long>>eval(USAGE, ScriptOutputType.MULTI, KEYS)
                .thenApply(counts -> new CacheStore.Usage(counts.get(0), counts.get(1)));
    }

    private static byte[] bytes(Object value) {
        return value.toString().getBytes(StandardCharsets.UTF_8);
    }
}
