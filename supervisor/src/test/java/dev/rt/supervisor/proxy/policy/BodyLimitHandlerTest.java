package dev.rt.supervisor.proxy.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code server.bodyLimit} between the real server codec and what comes after it, in memory. */
class BodyLimitHandlerTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new BodyLimitHandler(10));

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private List<HttpObject> send(String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        List<HttpObject> passed = new ArrayList<>();
        for (Object msg = channel.readInbound(); msg != null; msg = channel.readInbound()) {
            passed.add((HttpObject) msg);
        }
        return passed;
    }

    private static long bodyBytes(List<HttpObject> passed) {
        long bytes = 0;
        for (HttpObject msg : passed) {
            if (msg instanceof HttpContent content) {
                bytes += content.content().readableBytes();
                content.release();
            }
        }
        return bytes;
    }

    private static void assertRefused(HttpObject msg) {
        assertThat(msg.decoderResult().isFailure()).isTrue();
        assertThat(msg.decoderResult().cause()).isInstanceOfSatisfying(PolicyRefusal.class, refusal -> {
            assertThat(refusal.status()).isEqualTo(413);
            assertThat(refusal.code()).isEqualTo("FST_ERR_CTP_BODY_TOO_LARGE");
            assertThat(refusal.getMessage()).isEqualTo("Request body is too large");
        });
    }

    @Test
    void aContentLengthOverTheLimitRefusesTheHeadAndNothingOfTheBodyPasses() {
        List<HttpObject> passed = send("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world");

        assertThat(passed.get(0)).isInstanceOf(HttpRequest.class);
        assertRefused(passed.get(0));
        assertThat(bodyBytes(passed)).isZero();
    }

    @Test
    void aChunkedBodyIsCountedAsItPassesAndTheChunkThatCrossesTheLimitEndsTheRequestFailed() {
        List<HttpObject> passed = send("PUT /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "6\r\nhello \r\n");
        assertThat(passed).hasSize(2);
        assertThat(bodyBytes(passed)).isEqualTo(6);

        List<HttpObject> more = send("5\r\nworld\r\n5\r\nagain\r\n0\r\n\r\n");

        assertThat(more).hasSize(1);
        assertThat(more.get(0)).isInstanceOf(LastHttpContent.class);
        assertRefused(more.get(0));
        assertThat(bodyBytes(more)).isZero();
    }

    @Test
    void aBodyOfExactlyTheLimitPassesWhole() {
        List<HttpObject> passed = send("PATCH /x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789");

        assertThat(passed).allSatisfy(msg -> assertThat(msg.decoderResult().isSuccess()).isTrue());
        assertThat(bodyBytes(passed)).isEqualTo(10);
    }

    @Test
    void methodsWhoseBodiesTheServiceKindDoesNotReadAreNotLimited() {
        List<HttpObject> passed = send("GET /x HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world");

        assertThat(passed).allSatisfy(msg -> assertThat(msg.decoderResult().isSuccess()).isTrue());
        assertThat(bodyBytes(passed)).isEqualTo(11);
    }

    @Test
    void theNextRequestOnTheConnectionIsCountedAfresh() {
        List<HttpObject> passed = send("POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\n12345678"
                + "POST /b HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\n12345678");

        assertThat(passed).allSatisfy(msg -> assertThat(msg.decoderResult().isSuccess()).isTrue());
        assertThat(passed.stream().filter(HttpRequest.class::isInstance)).hasSize(2);
        assertThat(bodyBytes(passed)).isEqualTo(16);
    }
}
