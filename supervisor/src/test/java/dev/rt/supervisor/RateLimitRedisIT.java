package dev.rt.supervisor;

import static dev.rt.supervisor.RateLimitIT.curl;
import static dev.rt.supervisor.RateLimitIT.header;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replicas of one runtime share their rate limits through a real Redis (Debian's {@code redis-server} on a private
 * port): one names it in {@code server.rateLimit.redis}, the other only as its {@code httpCache.store}. Requests at
 * either count against the same key; when Redis dies, requests are let through uncounted and the log says so.
 */
class RateLimitRedisIT {
    @TempDir
    Path dir;

    private static String config(String extra, String redis) {
        return "{" + extra + "\"entrypoint\": \"api\", \"server\": {\"port\": 0, \"rateLimit\": {\"max\": 3,"
                + " \"timeWindow\": \"5 minutes\", \"keyGenerator\": {\"header\": \"X-Client\"}" + redis + "}},"
                + " \"services\": [" + service("api", "probe") + "]}";
    }

    @Test
    void replicasCountTogetherInRedis() throws Exception {
        try (RedisServer redis = RedisServer.start(dir.resolve("redis"));
                RuntimeUnderTest first = RuntimeUnderTest.configure(Files.createDirectories(dir.resolve("one")),
                        config("", ", \"redis\": \"" + redis.url() + "\"")).start();
                RuntimeUnderTest second = RuntimeUnderTest.configure(Files.createDirectories(dir.resolve("two")),
                        config("\"httpCache\": {\"store\": \"" + redis.url() + "\"}, ", "")).start()) {
            String one = curl(first.url() + "/hello", "X-Client: shared");
            String two = curl(second.url() + "/hello", "X-Client: shared");
            String three = curl(first.url() + "/hello", "X-Client: shared");
            assertThat(header(one, "RateLimit-Remaining")).contains("2");
            assertThat(header(two, "RateLimit-Remaining")).as("the second replica sees the first's count").contains("1");
            assertThat(header(three, "RateLimit-Remaining")).contains("0");
            assertThat(curl(second.url() + "/hello", "X-Client: shared")).startsWith("HTTP/1.1 429");
            String refused = curl(first.url() + "/hello", "X-Client: shared");
            assertThat(refused).startsWith("HTTP/1.1 429");
            assertThat(Integer.parseInt(header(refused, "Retry-After").orElseThrow())).isBetween(1, 300);
            assertThat(redis.info("keyspace")).contains("keys=");

            redis.kill();
            String open = curl(second.url() + "/hello", "X-Client: shared");
            assertThat(open).as("Redis down: let through uncounted").startsWith("HTTP/1.1 200").endsWith("hello");
            assertThat(header(open, "RateLimit-Limit")).isEmpty();
            second.awaitLog("The rate limit's store could not count a request");
        }
    }
}
