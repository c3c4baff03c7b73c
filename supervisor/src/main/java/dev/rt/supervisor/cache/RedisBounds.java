package dev.rt.supervisor.cache;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * {@code maxCount} and {@code maxSize} in Redis, for every replica that shares it: beside the cached values, an index
 * of their names in the order they were stored (a sorted set scored by a counter), another by the time they expire,
 * their sizes (a hash) and the total (a counter). Storing a value forgets the expired names, then evicts the oldest values until both
 * bounds hold; each step is one Lua script, so replicas storing at once never see half of another's update, and
 * the time is Redis's own.
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

    private final RespConnection connection;
    private final CacheLimits limits;

    RedisBounds(RespConnection connection, CacheLimits limits) {
        this.connection = connection;
        this.limits = limits;
    }

    /** Stores {@code value} as {@code name} for {@code ttlMillis}, then evicts the oldest values beyond the bounds. */
    void put(String name, byte[] value, long ttlMillis) throws IOException {
        connection.command("EVAL", PUT, "5", INDEX, EXPIRY, SIZES, TOTAL, ORDER, name, value, Long.toString(ttlMillis),
                Long.toString(limits.maxCount()), Long.toString(limits.maxSize()));
    }

    /** Deletes the values of {@code names}, and their place in the bounds. */
    void delete(Collection<String> names) throws IOException {
        if (names.isEmpty()) {
            return;
        }
        List<Object> command = new ArrayList<>(List.of("EVAL", DELETE, "5", INDEX, EXPIRY, SIZES, TOTAL, ORDER));
        command.addAll(names);
        connection.command(command.toArray());
    }
}
