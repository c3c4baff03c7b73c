package dev.rt.supervisor.limit;

import dev.rt.supervisor.cache.RedisConnection;
import io.lettuce.core.ScriptOutputType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The counts in Redis, shared by every replica that names the same one: a key per client key, {@code
 * rt:rate-limit:<key>}, incremented by one Lua script that also starts its expiry with the window and answers the
 * count and the milliseconds left (Redis's own clock), so that replicas counting at once never lose a request.
 * Each key lives no longer than its window, which bounds what clients can make Redis hold.
 */
final class RedisRateStore implements RateStore {
    static final String PREFIX = "rt:rate-limit:";
    private static final String HIT = """
            local count = redis.call('INCR', KEYS[1])
            local ttl = redis.call('PTTL', KEYS[1])
            if count == 1 or ttl < 0 then
              redis.call('PEXPIRE', KEYS[1], ARGV[1])
              ttl = tonumber(ARGV[1])
            end
            return {count, ttl}
            """;

    private final RedisConnection redis;

    RedisRateStore(RedisConnection redis) {
        this.redis = redis;
    }

    @Override
    public CompletionStage<Hit> hit(String key, long windowMillis) {
        byte[] window = Long.toString(windowMillis).getBytes(StandardCharsets.UTF_8);
        return redis.commands().thenCompose(commands -> commands.<List<Long>>eval(HIT, ScriptOutputType.MULTI,
                new String[] {PREFIX + key}, window)).thenApply(answer -> new Hit(answer.get(0), answer.get(1)));
    }

    @Override
    public void close() {
        redis.close();
    }
}
