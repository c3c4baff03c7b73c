package dev.rt.supervisor.limit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * The handler in a pipeline: a request let through goes on and its response gains the {@code RateLimit-*} headers;
 * one refused is answered 429 with {@code Retry-After} and rt's error body, its body dropped; a decision that comes
 * later (Redis) holds what follows in order.
 */
class RateLimitHandlerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static RateLimiter limiter(RateStore store) throws Exception {
        return new RateLimiter(RateLimitSettings.from(JSON.readTree("{\"max\": 1, \"timeWindow\": 30000}")).orElseThrow(),
                store, Optional.empty(), failed -> { });
    }

    @Test
    void passesThenRefusesWithHeadersAndBody() throws Exception {
        EmbeddedChannel channel = new EmbeddedChannel(new RateLimitHandler(limiter(
                new MemoryRateStore(10, 30_000, System::nanoTime))));
        HttpRequest first = RateLimiterTest.request();
        channel.writeInbound(first, LastHttpContent.EMPTY_LAST_CONTENT);
        assertThat((Object) channel.readInbound()).isSameAs(first);
        assertThat((Object) channel.readInbound()).isSameAs(LastHttpContent.EMPTY_LAST_CONTENT);
        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        FullHttpResponse ok = channel.readOutbound();
        assertThat(ok.headers().get("RateLimit-Limit")).isEqualTo("1");
        assertThat(ok.headers().get("RateLimit-Remaining")).isEqualTo("0");
        assertThat(ok.headers().get("RateLimit-Reset")).isEqualTo("30");
        assertThat(ok.headers().contains("Retry-After")).isFalse();

        channel.writeInbound(RateLimiterTest.request(), new DefaultHttpContent(Unpooled.copiedBuffer("body",
                StandardCharsets.UTF_8)), LastHttpContent.EMPTY_LAST_CONTENT);
        assertThat((Object) channel.readInbound()).as("nothing of a refused request goes on").isNull();
        FullHttpResponse refused = channel.readOutbound();
        assertThat(refused.status()).isEqualTo(HttpResponseStatus.TOO_MANY_REQUESTS);
        assertThat(refused.headers().get("Retry-After")).isEqualTo("30");
        assertThat(refused.headers().get("RateLimit-Remaining")).isEqualTo("0");
        assertThat(JSON.readTree(refused.content().toString(StandardCharsets.UTF_8)))
                .isEqualTo(JSON.readTree("{\"statusCode\":429,\"error\":\"Too Many Requests\",\"code\":\"RT_RATE_LIMITED\","
                        + "\"message\":\"Rate limit exceeded, retry in 30 seconds\"}"));
        refused.release();
        assertThat(channel.isActive()).as("the connection is kept").isTrue();
    }

    @Test
    void aLaterDecisionHoldsWhatFollowsInOrder() throws Exception {
        CompletableFuture<Hit> answer = new CompletableFuture<>();
        RateStore later = new RateStore() {
            @Override
            public CompletionStage<Hit> hit(String key, long windowMillis) {
                return answer;
            }

            @Override
            public void close() {
            }
        };
        EmbeddedChannel channel = new EmbeddedChannel(new RateLimitHandler(limiter(later)));
        HttpRequest head = RateLimiterTest.request();
        channel.writeInbound(head, LastHttpContent.EMPTY_LAST_CONTENT);
        assertThat((Object) channel.readInbound()).as("held while Redis counts").isNull();
        answer.complete(new Hit(1, 30_000));
        channel.runPendingTasks();
        assertThat((Object) channel.readInbound()).isSameAs(head);
        assertThat((Object) channel.readInbound()).isSameAs(LastHttpContent.EMPTY_LAST_CONTENT);
    }

    @Test
    void aPipelinedRefusalWaitsForTheAnswerBeforeIt() throws Exception {
        EmbeddedChannel channel = new EmbeddedChannel(new RateLimitHandler(limiter(
                new MemoryRateStore(10, 30_000, System::nanoTime))));
        HttpRequest first = RateLimiterTest.request();
        channel.writeInbound(first, LastHttpContent.EMPTY_LAST_CONTENT, RateLimiterTest.request(),
                LastHttpContent.EMPTY_LAST_CONTENT);
        assertThat((Object) channel.readInbound()).isSameAs(first);
        assertThat((Object) channel.readInbound()).isSameAs(LastHttpContent.EMPTY_LAST_CONTENT);
        assertThat((Object) channel.readOutbound()).as("no 429 before the first answer").isNull();

        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        channel.runPendingTasks();
        FullHttpResponse ok = channel.readOutbound();
        assertThat(ok.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(ok.headers().get("RateLimit-Remaining")).isEqualTo("0");
        FullHttpResponse refused = channel.readOutbound();
        assertThat(refused.status()).isEqualTo(HttpResponseStatus.TOO_MANY_REQUESTS);
        refused.release();
        assertThat((Object) channel.readInbound()).as("the refused request's body is dropped").isNull();
    }
}
