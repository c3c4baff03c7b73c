package dev.rt.supervisor.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.testing.TestPorts;
import dev.rt.supervisor.Poll;
import dev.rt.supervisor.RedisServer;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Redis store against a real redis-server: plain, with a password, over TLS, and one that dies while in use;
 * its count and size from the index its bounds keep.
 */
class RedisStoreTest {
    private static final CacheLimits DEFAULTS = new CacheLimits(CacheLimits.DEFAULT_MAX_COUNT,
            CacheLimits.DEFAULT_MAX_SIZE, CacheLimits.DEFAULT_MAX_ENTRY_SIZE);
    private static final String PASSWORD = "pa55-w0rd";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final RuntimeLog log = new RuntimeLog(new PrintStream(logged, true, StandardCharsets.UTF_8), false);
    private final LongAdder errors = new LongAdder();

    @AfterEach
    void closeLog() {
        log.close();
    }

    private RedisStore open(String url, CacheLimits limits) throws RedisConnection.RefusedException {
        RedisAddress address = RedisAddress.parse(url, dir);
        return RedisStore.open(address, limits, new StoreFailures(errors, log, address.shown()), log);
    }

    private RedisStore open(String url) throws RedisConnection.RefusedException {
        return open(url, DEFAULTS);
    }

    /** What the log holds once every line queued before now is written. */
    private String logged() {
        log.info("(the test reads the log)");
        return logged.toString(StandardCharsets.UTF_8);
    }

    private static StoredResponse response(String body, Map<String, String> vary, String... tags) {
        return new StoredResponse("id-" + body, 200, List.of(Map.entry("content-type", "text/plain"),
                Map.entry("x-rt-http-cache-id", "id-" + body)), body.getBytes(StandardCharsets.UTF_8), vary,
                Set.of(tags), System.currentTimeMillis(), 2, 60);
    }

    private static List<StoredResponse> get(CacheStore store, CacheKey key) {
        return store.get(key).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
    }

    @Test
    void storesVariantsThatExpireWithTheirFreshnessAndForgetsThemByKeyAndTag() throws Exception {
        try (RedisServer redis = RedisServer.start(dir.resolve("redis"));
                RedisStore store = open(redis.url())) {
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
                RedisStore one = open(redis.url(), three);
                RedisStore two = open(redis.url(), three)) {
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
                RedisStore store = open(redis.url(), new CacheLimits(100, 2500, 2500))) {
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
    void theMetricsCountAndSizeComeFromTheIndexWithoutScanningTheKeyspace() throws Exception {
        try (RedisServer redis = RedisServer.start(dir.resolve("redis")); RedisStore store = open(redis.url())) {
            for (int i = 0; i < 50; i++) {
                store.put(key("/" + i), response("body " + i, Map.of()));
            }
            assertThat(get(store, key("/49"))).hasSize(1);
            for (int scrape = 0; scrape < 3; scrape++) {
                CacheStore.Usage usage = store.usage();
                assertThat(usage.count()).isEqualTo(50);
                assertThat(usage.bytes()).isGreaterThan(50 * 10);
            }
            String commands = redis.info("commandstats");
            assertThat(commands).as(commands).doesNotContain("cmdstat_scan:").doesNotContain("cmdstat_strlen:")
                    .doesNotContain("cmdstat_keys:");
        }
    }

    @Test
    void anUnreachableRedisIsAMissStoresNothingAndIsCountedAndLoggedWithoutFailing() throws Exception {
        try (TestPorts.Held refusing = TestPorts.refusing(); RedisStore store = open("redis://127.0.0.1:" + refusing.port())) {
            int port = refusing.port();
            CacheKey key = new CacheKey("http://back.rt.local", "/a", "GET");
            long started = System.nanoTime();
            store.put(key, response("x", Map.of()));
            assertThat(get(store, key)).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            assertThat(store.usage()).isEqualTo(CacheStore.Usage.UNKNOWN);
            assertThat(errors.sum()).isGreaterThanOrEqualTo(3);
            assertThat(logged()).contains("The HTTP cache's store redis://127.0.0.1:" + port + " cannot be reached: "
                    + "Unable to connect to 127.0.0.1/<unresolved>:" + port);
        }
    }

    @Test
    void aPasswordInTheUrlIsGivenToRedis() throws Exception {
        try (RedisServer redis = RedisServer.startWithPassword(dir.resolve("redis"), PASSWORD);
                RedisStore store = open(redis.url(PASSWORD))) {
            CacheKey key = new CacheKey("http://back.rt.local", "/a", "GET");
            store.put(key, response("kept", Map.of(), "t"));
            assertThat(get(store, key)).extracting(v -> new String(v.body(), StandardCharsets.UTF_8))
                    .containsExactly("kept");
            assertThat(store.usage().count()).isEqualTo(1);
            assertThat(errors.sum()).isZero();
        }
    }

    @Test
    void aWrongOrMissingPasswordIsRefusedAtStartNeverSilentMisses() throws Exception {
        try (RedisServer redis = RedisServer.startWithPassword(dir.resolve("redis"), PASSWORD)) {
            String shown = redis.url();
            assertThatThrownBy(() -> open(redis.url("not-" + PASSWORD))).isInstanceOf(RedisConnection.RefusedException.class)
                    .hasMessageStartingWith(shown + " refused the connection: ")
                    .hasMessageContaining("WRONGPASS")
                    .hasMessageEndingWith(" (check the user and password in httpCache.store)")
                    .hasMessageNotContaining(PASSWORD);
            assertThatThrownBy(() -> open(redis.url())).isInstanceOf(RedisConnection.RefusedException.class)
                    .hasMessageStartingWith(shown + " refused the connection: ").hasMessageContaining("NOAUTH");
        }
    }

    @Test
    void redissSpeaksTlsToAServerWhoseCertificateTheCaCertFileVouchesFor() throws Exception {
        try (RedisServer redis = RedisServer.startWithTls(dir.resolve("redis"));
                RedisStore store = open(redis.url() + "?cacert=" + redis.caCert())) {
            CacheKey key = new CacheKey("http://back.rt.local", "/tls", "GET");
            store.put(key, response("over tls", Map.of()));
            assertThat(get(store, key)).extracting(v -> new String(v.body(), StandardCharsets.UTF_8))
                    .containsExactly("over tls");
            assertThat(errors.sum()).isZero();

            assertThatThrownBy(() -> open(redis.url())).as("a certificate the JDK does not trust")
                    .isInstanceOf(RedisConnection.RefusedException.class)
                    .hasMessageStartingWith(redis.url() + " refused the connection: ")
                    .hasMessageContaining("PKIX path building failed")
                    .hasMessageEndingWith(" (check the server's certificate, and cacert in httpCache.store)");
        }
    }

    @Test
    void aRedisThatDiesMidRunIsCountedAndLoggedOnceNotOncePerRequestAndServesAgainOnceBack() throws Exception {
        RedisServer redis = RedisServer.start(dir.resolve("redis"));
        try (RedisStore store = open(redis.url())) {
            CacheKey key = new CacheKey("http://back.rt.local", "/a", "GET");
            store.put(key, response("x", Map.of()));
            assertThat(get(store, key)).hasSize(1);
            redis.kill();
            for (int i = 0; i < 20; i++) {
                assertThat(get(store, key)).isEmpty();
            }
            store.put(key, response("y", Map.of()));
            assertThat(store.usage()).isEqualTo(CacheStore.Usage.UNKNOWN);

            assertThat(errors.sum()).isGreaterThanOrEqualTo(22);
            String failure = "The HTTP cache's store " + redis.url() + " failed to ";
            String lines = logged();
            assertThat(lines).contains(failure + "look up a response: ")
                    .contains("; requests go to their services meanwhile");
            assertThat(lines.split(Pattern.quote(failure), -1)).as(lines).hasSize(2);
            assertThat(lines.split("\"level\":40,", -1)).as("one warning, the failure's:\n" + lines).hasSize(2);

            redis = redis.again();
            CacheStore.Usage back = Poll.until(Duration.ofSeconds(30), Duration.ofMillis(100),
                    () -> Optional.of(store.usage()).filter(usage -> usage.count() >= 0),
                    () -> "the store never answered again:\n" + logged());
            assertThat(back.count()).as("a new Redis, empty").isZero();
            store.put(key, response("z", Map.of()));
            assertThat(get(store, key)).extracting(v -> new String(v.body(), StandardCharsets.UTF_8))
                    .containsExactly("z");
            assertThat(logged()).contains("The HTTP cache's store " + redis.url() + " answers again (");
        } finally {
            redis.close();
        }
    }
}
