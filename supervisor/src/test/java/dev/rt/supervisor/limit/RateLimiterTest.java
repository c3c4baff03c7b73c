package dev.rt.supervisor.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.channel.Channel;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The limiter with the in-memory store on a clock of its own: the window, its reset, the allow list, keys by header,
 * and forged keys that never grow the table beyond {@code cache}.
 */
class RateLimiterTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final List<Throwable> failures = new ArrayList<>();

    static Channel from(String address) {
        return new EmbeddedChannel() {
            @Override
            protected SocketAddress remoteAddress0() {
                return new InetSocketAddress(address, 40_000);
            }
        };
    }

    static HttpRequest request(String... headers) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/hello");
        for (int i = 0; i < headers.length; i += 2) {
            request.headers().add(headers[i], headers[i + 1]);
        }
        return request;
    }

    private static RateLimitSettings settings(String json) throws Exception {
        return RateLimitSettings.from(JSON.readTree(json)).orElseThrow();
    }

    private RateLimiter limiter(RateLimitSettings settings, MemoryRateStore store) {
        return new RateLimiter(settings, store, Optional.empty(), failures::add);
    }

    private static Decision decide(RateLimiter limiter, HttpRequest request, Channel channel) {
        return limiter.decide(request, channel).toCompletableFuture().join();
    }

    @Test
    void refusesBeyondMaxUntilTheWindowEnds() throws Exception {
        RateLimitSettings settings = settings("{\"max\": 3, \"timeWindow\": \"10 seconds\"}");
        RateLimiter limiter = limiter(settings, new MemoryRateStore(100, settings.windowMillis(), nanos::get));
        Channel client = from("192.0.2.1");
        for (int i = 1; i <= 3; i++) {
            Decision decision = decide(limiter, request(), client);
            assertThat(decision.refused()).isFalse();
            assertThat(decision.remaining()).isEqualTo(3 - i);
            assertThat(decision.resetSeconds()).isEqualTo(10);
        }
        nanos.addAndGet(4_500_000_000L);
        Decision fourth = decide(limiter, request(), client);
        assertThat(fourth).isEqualTo(new Decision(true, 3, 0, 6));
        assertThat(decide(limiter, request(), from("192.0.2.2")).refused()).as("another address, its own count")
                .isFalse();

        nanos.addAndGet(5_500_000_000L); // the window of 192.0.2.1 has ended
        Decision fresh = decide(limiter, request(), client);
        assertThat(fresh).isEqualTo(new Decision(false, 3, 2, 10));
        assertThat(failures).isEmpty();
    }

    @Test
    void allowListedAddressesAreNeitherCountedNorRefused() throws Exception {
        RateLimitSettings settings = settings("{\"max\": 1, \"allowList\": [\"127.0.0.1\", \"::1\"]}");
        MemoryRateStore store = new MemoryRateStore(100, settings.windowMillis(), nanos::get);
        RateLimiter limiter = limiter(settings, store);
        for (int i = 0; i < 5; i++) {
            assertThat(decide(limiter, request(), from("127.0.0.1"))).isEqualTo(Decision.UNCOUNTED);
            assertThat(decide(limiter, request(), from("::1"))).isEqualTo(Decision.UNCOUNTED);
        }
        assertThat(store.size()).isZero();
        assertThat(decide(limiter, request(), from("127.0.0.2")).refused()).isFalse();
        assertThat(decide(limiter, request(), from("127.0.0.2")).refused()).isTrue();
    }

    @Test
    void keysByHeaderAndByAddressWithoutIt() throws Exception {
        RateLimitSettings settings = settings("{\"max\": 2, \"keyGenerator\": {\"header\": \"X-API-Key\"}}");
        RateLimiter limiter = limiter(settings, new MemoryRateStore(100, settings.windowMillis(), nanos::get));
        Channel one = from("192.0.2.1");
        Channel two = from("192.0.2.2");
        assertThat(decide(limiter, request("X-API-Key", "alpha"), one).refused()).isFalse();
        assertThat(decide(limiter, request("x-api-key", "alpha"), two).refused()).as("one key from two addresses")
                .isFalse();
        assertThat(decide(limiter, request("X-API-Key", "alpha"), one).refused()).isTrue();
        assertThat(decide(limiter, request("X-API-Key", "beta"), one).refused()).isFalse();
        assertThat(decide(limiter, request(), one).refused()).as("no key: its address").isFalse();
        assertThat(decide(limiter, request(), one).refused()).isFalse();
        assertThat(decide(limiter, request(), one).refused()).isTrue();
    }

    @Test
    void forgedKeysNeverGrowTheTableBeyondItsBound() throws Exception {
        RateLimitSettings settings = settings("{\"max\": 5, \"cache\": 100, \"keyGenerator\": {\"header\": \"X-Key\"}}");
        MemoryRateStore store = new MemoryRateStore(settings.maxKeys(), settings.windowMillis(), nanos::get);
        RateLimiter limiter = limiter(settings, store);
        Channel client = from("192.0.2.9");
        String big = "k".repeat(16 * 1024);
        for (int i = 0; i < 3_000; i++) {
            decide(limiter, request("X-Key", big + i), client);
        }
        assertThat(store.size()).isLessThanOrEqualTo(100);
        assertThat(RateLimiter.bounded(big + 1)).hasSize("sha256:".length() + 64)
                .isNotEqualTo(RateLimiter.bounded(big + 2));
    }

    @Test
    void aStoreThatFailsLetsRequestsThroughAndSaysSo() throws Exception {
        RateLimitSettings settings = settings("{\"max\": 1}");
        RateStore down = new RateStore() {
            @Override
            public CompletableFuture<Hit> hit(String key, long windowMillis) {
                return CompletableFuture.failedFuture(new IllegalStateException("connecting to Redis again"));
            }

            @Override
            public void close() {
            }
        };
        RateLimiter limiter = new RateLimiter(settings, down, Optional.empty(), failures::add);
        assertThat(decide(limiter, request(), from("192.0.2.1"))).isEqualTo(Decision.UNCOUNTED);
        assertThat(decide(limiter, request(), from("192.0.2.1"))).isEqualTo(Decision.UNCOUNTED);
        assertThat(failures).hasSize(2);
    }

    @Test
    void timeWindowInWordsOrMilliseconds() throws Exception {
        assertThat(settings("{\"timeWindow\": 1500}").windowMillis()).isEqualTo(1500);
        assertThat(settings("{\"timeWindow\": \"1 minute\"}").windowMillis()).isEqualTo(60_000);
        assertThat(settings("{\"timeWindow\": \"500ms\"}").windowMillis()).isEqualTo(500);
        assertThat(settings("{\"timeWindow\": \"2 hours\"}").windowMillis()).isEqualTo(7_200_000);
        assertThat(settings("true").max()).isEqualTo(1000);
        assertThat(RateLimitSettings.from(JSON.readTree("false"))).isEmpty();
        assertThatThrownBy(() -> settings("{\"timeWindow\": \"0.1 ms\"}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("/server/rateLimit/timeWindow: ");
        assertThatThrownBy(() -> settings("{\"allowList\": [\"localhost\"]}"))
                .hasMessageStartingWith("/server/rateLimit/allowList/0: \"localhost\" is not an IP address");
    }
}
