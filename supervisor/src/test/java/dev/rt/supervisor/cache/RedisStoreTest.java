package dev.rt.supervisor.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.RedisServer;
import dev.rt.supervisor.process.FreePort;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Redis store against a real redis-server. */
class RedisStoreTest {
    private static final CacheLimits DEFAULTS = new CacheLimits(CacheLimits.DEFAULT_MAX_COUNT,
            CacheLimits.DEFAULT_MAX_SIZE, CacheLimits.DEFAULT_MAX_ENTRY_SIZE);

    @TempDir
    Path dir;

    private static StoredResponse response(String body, Map<String, String> vary, String... tags) {
        return new StoredResponse("id-" + body, 200, List.of(Map.entry("content-type", "text/plain"),
                Map.entry("x-rt-http-cache-id", "id-" + body)), body.getBytes(StandardCharsets.UTF_8), vary,
                Set.of(tags), System.currentTimeMillis(), 2, 60);
    }

    private static List<StoredResponse> get(CacheStore store, CacheKey key) {
        return store.get(key).toCompletableFuture().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).join();
    }

    @Test
    void storesVariantsThatExpireWithTheirFreshnessAndForgetsThemByKeyAndTag() throws Exception {
        try (RedisServer redis = RedisServer.start(dir.resolve("redis"));
                RedisStore store = new RedisStore(URI.create(redis.url()), DEFAULTS)) {
            CacheKey a = new CacheKey("http://back.rt.local", "/a?x=1", "GET");
            CacheKey b = new CacheKey("http://back.rt.local", "/b", "GET");
            store.put(a, response("en", Map.of("accept-language", "en"), "products"));
            store.put(a, response("fr", Map.of("accept-language", "fr")));
            store.put(a, response("en2", Map.of("accept-language", "en")));
            store.put(b, response("b", Map.of(), "users"));

            List<StoredResponse> variants = get(store, a);
            assertThat(variants).extracting(v -> new String(v.body(), StandardCharsets.UTF_8))
                    .containsExactlyInAnyOrder("fr", "en2");
            StoredResponse fr = variants.stream().filter(v -> v.vary().get("accept-language").equals("fr")).findFirst()
                    .orElseThrow();
            assertThat(fr.headers()).contains(Map.entry("x-rt-http-cache-id", "id-fr"));
            assertThat(fr.initialAge()).isEqualTo(2);
            assertThat(fr.lifetime()).isEqualTo(60);
            assertThat(store.count()).isEqualTo(2);
            assertThat(store.size()).isPositive();

            store.deleteTags(List.of("users"));
            assertThat(get(store, b)).isEmpty();
            assertThat(get(store, a)).hasSize(2);
            store.delete(List.of(a));
            assertThat(get(store, a)).isEmpty();
        }
    }

    @Test
    void maxCountBoundsWhatTwoReplicasStoreTogetherTheOldestEvictedFirst() throws Exception {
        CacheLimits three = new CacheLimits(3, CacheLimits.DEFAULT_MAX_SIZE, CacheLimits.DEFAULT_MAX_ENTRY_SIZE);
        try (RedisServer redis = RedisServer.start(dir.resolve("redis"));
                RedisStore one = new RedisStore(URI.create(redis.url()), three);
                RedisStore two = new RedisStore(URI.create(redis.url()), three)) {
            List<CacheKey> keys = List.of(key("/1"), key("/2"), key("/3"), key("/4"), key("/5"));
            one.put(keys.get(0), response("1", Map.of(), "t"));
            one.put(keys.get(1), response("2", Map.of()));
            assertThat(get(one, keys.get(1))).hasSize(1); // one's puts are done
            two.put(keys.get(2), response("3", Map.of()));
            two.put(keys.get(3), response("4", Map.of()));
            two.put(keys.get(4), response("5", Map.of()));

            assertThat(get(two, keys.get(4))).hasSize(1);
            assertThat(one.count()).isEqualTo(3);
            assertThat(get(one, keys.get(0))).isEmpty();
            assertThat(get(one, keys.get(1))).isEmpty();
            assertThat(get(two, keys.get(2))).hasSize(1);
            assertThat(get(two, keys.get(3))).hasSize(1);

            two.delete(List.of(keys.get(2))); // a deleted value leaves room: nothing else is evicted for the next
            one.put(keys.get(0), response("1 again", Map.of()));
            assertThat(get(one, keys.get(0))).hasSize(1);
            assertThat(get(one, keys.get(3))).hasSize(1);
            assertThat(get(one, keys.get(4))).hasSize(1);
            assertThat(one.count()).isEqualTo(3);
        }
    }

    @Test
    void maxSizeBoundsTheBytesStoredTheOldestEvictedFirst() throws Exception {
        String kilobyte = "x".repeat(1000);
        try (RedisServer redis = RedisServer.start(dir.resolve("redis"));
                RedisStore store = new RedisStore(URI.create(redis.url()), new CacheLimits(100, 2500, 2500))) {
            for (int i = 1; i <= 4; i++) { // about 1,100 bytes each once encoded: two fit
                store.put(key("/" + i), new StoredResponse("id-" + i, 200, List.of(Map.entry("content-type", "text/plain")),
                        (kilobyte + i).getBytes(StandardCharsets.UTF_8), Map.of(), Set.of(), System.currentTimeMillis(),
                        0, 60));
            }

            assertThat(get(store, key("/4"))).hasSize(1);
            assertThat(store.size()).isPositive().isLessThanOrEqualTo(2500);
            assertThat(store.count()).isEqualTo(2);
            assertThat(get(store, key("/1"))).isEmpty();
            assertThat(get(store, key("/2"))).isEmpty();
            assertThat(get(store, key("/3"))).hasSize(1);
        }
    }

    private static CacheKey key(String path) {
        return new CacheKey("http://back.rt.local", path, "GET");
    }

    @Test
    void anUnreachableRedisIsAMissAndStoresNothingWithoutFailing() {
        try (RedisStore store = new RedisStore(URI.create("redis://127.0.0.1:" + FreePort.pick()), DEFAULTS)) {
            CacheKey key = new CacheKey("http://back.rt.local", "/a", "GET");
            long started = System.nanoTime();
            store.put(key, response("x", Map.of()));
            assertThat(get(store, key)).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            assertThat(store.count()).isEqualTo(-1);
        }
    }
}
