package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.metrics.MetricsFormat;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replicas of one runtime (two supervisors, each with its own workers) share one cache through a real Redis: what
 * one stored answers the other, and a tag invalidated at one is gone for both. A Redis with a password serves the
 * runtime whose URL has it; when it dies, requests go to the services, the failures count in
 * {@code rt_http_cache_store_errors_total} and the log says so.
 */
class HttpCacheRedisIT {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    private static String config(String redis) {
        return RuntimeUnderTest.runtimeWith("\"httpCache\": {\"store\": \"" + redis + "\", \"cacheTagsHeader\": "
                        + "\"X-Cache-Tags\"}, ", "front",
                "{\"id\": \"back\", \"path\": \"" + Fixtures.app("relay") + "\"}",
                "{\"id\": \"front\", \"path\": \"" + Fixtures.app("relay") + "\", "
                        + "\"env\": {\"NEXT_BASE\": \"http://back.rt.local\"}}");
    }

    private static HttpResponse<String> get(RuntimeUnderTest rt, String query) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(rt.url() + "/call/res?" + query))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String header(HttpResponse<String> response, String name) {
        return response.headers().firstValue(name).orElseThrow(() -> new AssertionError(name + " missing in "
                + response.headers().map()));
    }

    @Test
    void replicasShareOneCacheInRedis() throws Exception {
        Path one = Files.createDirectories(dir.resolve("one"));
        Path two = Files.createDirectories(dir.resolve("two"));
        String query = "key=shared&tags=catalog&cc=" + URLEncoder.encode("max-age=60", StandardCharsets.UTF_8);
        try (RedisServer redis = RedisServer.start(dir.resolve("redis"));
                RuntimeUnderTest first = RuntimeUnderTest.configure(one, config(redis.url())).start();
                RuntimeUnderTest second = RuntimeUnderTest.configure(two, config(redis.url())).start()) {
            HttpResponse<String> stored = get(first, query);
            assertThat(header(stored, "x-calls")).isEqualTo("1");
            String id = header(stored, HttpCache.ID_HEADER);

            HttpResponse<String> shared = Poll.until(Duration.ofSeconds(10), Duration.ofMillis(100), () -> {
                HttpResponse<String> answer = get(second, query);
                return answer.headers().firstValue(HttpCache.ID_HEADER).filter(id::equals).map(found -> answer);
            }, () -> "the second replica never answered with the first one's stored response " + id);
            assertThat(shared.body()).isEqualTo("{\"calls\":1}");
            assertThat(second.supervisor().httpCache().orElseThrow().counters().hits()).isPositive();

            second.supervisor().httpCache().orElseThrow().invalidate(List.of(), List.of("catalog"));
            HttpResponse<String> after = Poll.until(Duration.ofSeconds(10), Duration.ofMillis(100), () -> {
                HttpResponse<String> answer = get(first, query);
                return answer.headers().firstValue(HttpCache.ID_HEADER).filter(found -> !found.equals(id))
                        .map(found -> answer);
            }, () -> "the first replica still answers with " + id + " after the second invalidated its tag");
            assertThat(header(after, "x-calls")).isEqualTo("2");
        }
    }

    @Test
    void aPasswordProtectedRedisServesTheCacheAndOneThatDiesCountsInTheMetricAndTheLog() throws Exception {
        String password = "cache-Pa55";
        String query = "key=guarded&cc=" + URLEncoder.encode("max-age=60", StandardCharsets.UTF_8);
        RedisServer redis = RedisServer.startWithPassword(dir.resolve("redis"), password);
        try (redis; RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, config(redis.url(password))).start()) {
            assertThat(header(get(rt, query), "x-calls")).isEqualTo("1");
            HttpResponse<String> cached = Poll.until(Duration.ofSeconds(10), Duration.ofMillis(100), () -> Optional.of(
                    get(rt, query)).filter(answer -> answer.headers().firstValue("age").isPresent()),
                    () -> "never answered from Redis");
            int calls = Integer.parseInt(header(cached, "x-calls"));
            assertThat(metric(rt, "rt_http_cache_store_errors_total")).isZero();
            assertThat(metric(rt, "rt_http_cache_entries")).isEqualTo(1);

            redis.kill();
            HttpResponse<String> without = get(rt, query);
            assertThat(without.headers().firstValue("age")).as("answered by the service once Redis is gone").isEmpty();
            assertThat(Integer.parseInt(header(without, "x-calls"))).isGreaterThan(calls);
            assertThat(metric(rt, "rt_http_cache_store_errors_total")).isPositive();
            assertThat(metric(rt, "rt_http_cache_entries")).isEqualTo(-1);
            rt.awaitLog("The HTTP cache's store " + redis.url() + " failed to ", Duration.ofSeconds(10));
            assertThat(rt.log()).doesNotContain(password);
        }
    }

    private static double metric(RuntimeUnderTest rt, String name) throws Exception {
        String text = rt.supervisor().metrics(MetricsFormat.TEXT).get(30, TimeUnit.SECONDS);
        return text.lines().filter(line -> line.startsWith(name + " ")).findFirst()
                .map(line -> Double.parseDouble(line.substring(name.length() + 1).strip()))
                .orElseThrow(() -> new AssertionError(name + " not in\n" + text));
    }
}
