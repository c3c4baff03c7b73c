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
                RedisStore store = new RedisStore(URI.create(redis.url()))) {
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
    void anUnreachableRedisIsAMissAndStoresNothingWithoutFailing() {
        try (RedisStore store = new RedisStore(URI.create("redis://127.0.0.1:" + FreePort.pick()))) {
            CacheKey key = new CacheKey("http://back.rt.local", "/a", "GET");
            long started = System.nanoTime();
            store.put(key, response("x", Map.of()));
            assertThat(get(store, key)).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            assertThat(store.count()).isEqualTo(-1);
        }
    }
}
