package dev.rt.supervisor.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Date;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class FreshnessTest {
    private static final long NOW = 1_800_000_000_000L;

    private static HttpResponse response(int status, String... headers) {
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status));
        for (int i = 0; i < headers.length; i += 2) {
            response.headers().add(headers[i], headers[i + 1]);
        }
        return response;
    }

    private static OptionalLong lifetime(HttpResponse response) {
        return Freshness.lifetime(response, false, OptionalLong.empty(), NOW);
    }

    @Test
    void sMaxAgeWinsOverMaxAgeWhichWinsOverExpires() {
        String date = DateFormatter.format(new Date(NOW));
        String inAnHour = DateFormatter.format(new Date(NOW + 3_600_000));
        assertThat(lifetime(response(200, "cache-control", "max-age=60, s-maxage=120"))).hasValue(120);
        assertThat(lifetime(response(200, "cache-control", "max-age=60", "expires", inAnHour))).hasValue(60);
        assertThat(lifetime(response(200, "date", date, "expires", inAnHour))).hasValue(3600);
        assertThat(lifetime(response(200, "expires", "not a date"))).isEmpty();
        assertThat(lifetime(response(200, "cache-control", "max-age=\"30\""))).hasValue(30);
    }

    @Test
    void whatASharedCacheMustNotStoreHasNoLifetime() {
        assertThat(lifetime(response(200, "cache-control", "private, max-age=60"))).isEmpty();
        assertThat(lifetime(response(200, "cache-control", "no-store, max-age=60"))).isEmpty();
        assertThat(lifetime(response(200, "cache-control", "no-cache, max-age=60"))).isEmpty();
        assertThat(lifetime(response(200, "cache-control", "max-age=60", "vary", "*"))).isEmpty();
        assertThat(lifetime(response(200, "cache-control", "max-age=60", "set-cookie", "a=b"))).isEmpty();
        assertThat(lifetime(response(500, "cache-control", "max-age=60"))).isEmpty();
        assertThat(Freshness.lifetime(response(200, "cache-control", "max-age=60"), true, OptionalLong.empty(), NOW))
                .isEmpty();
        assertThat(Freshness.lifetime(response(200, "cache-control", "s-maxage=60"), true, OptionalLong.empty(), NOW))
                .hasValue(60);
    }

    @Test
    void cacheByDefaultGivesHeuristicallyCacheableStatusesALifetime() {
        assertThat(Freshness.lifetime(response(200), false, OptionalLong.of(30), NOW)).hasValue(30);
        assertThat(Freshness.lifetime(response(404), false, OptionalLong.of(30), NOW)).hasValue(30);
        assertThat(Freshness.lifetime(response(302), false, OptionalLong.of(30), NOW)).isEmpty();
        assertThat(Freshness.lifetime(response(302, "cache-control", "max-age=5"), false, OptionalLong.of(30), NOW))
                .hasValue(5);
        assertThat(lifetime(response(200))).isEmpty();
    }

    @Test
    void ageCountsTheAgeHeaderTheDateAndTheTimeStored() {
        String tenSecondsAgo = DateFormatter.format(new Date(NOW - 10_000));
        assertThat(Freshness.initialAge(response(200, "age", "3"), NOW)).isEqualTo(3);
        assertThat(Freshness.initialAge(response(200, "age", "3", "date", tenSecondsAgo), NOW)).isEqualTo(10);
        StoredResponse stored = new StoredResponse("id", 200, java.util.List.of(), new byte[0], java.util.Map.of(),
                java.util.Set.of(), NOW, 10, 60);
        assertThat(stored.ageAt(NOW + 49_000)).isEqualTo(59);
        assertThat(stored.freshAt(NOW + 49_000)).isTrue();
        assertThat(stored.freshAt(NOW + 50_000)).isFalse();
        assertThat(Freshness.answers(stored, CacheControl.of(new DefaultHttpRequest(HttpVersion.HTTP_1_1,
                HttpMethod.GET, "/").headers().add("cache-control", "max-age=15")), NOW + 4_000)).isTrue();
        assertThat(Freshness.answers(stored, CacheControl.of(new DefaultHttpRequest(HttpVersion.HTTP_1_1,
                HttpMethod.GET, "/").headers().add("cache-control", "max-age=15")), NOW + 6_000)).isFalse();
    }
}
