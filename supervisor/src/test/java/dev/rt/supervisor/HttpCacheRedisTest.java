package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.cache.HttpCache;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replicas of one runtime (two supervisors, each with its own workers) share one cache through a real Redis: what
 * one stored answers the other, and a tag invalidated at one is gone for both.
 */
class HttpCacheRedisTest {
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
}
