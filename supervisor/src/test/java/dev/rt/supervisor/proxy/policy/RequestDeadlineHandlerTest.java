package dev.rt.supervisor.proxy.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code server.requestTimeout} on the virtual clock of an in-memory channel. */
class RequestDeadlineHandlerTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new RequestDeadlineHandler(500));

    RequestDeadlineHandlerTest() {
        channel.freezeTime();
    }

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private List<HttpObject> send(String bytes) {
        if (!bytes.isEmpty()) {
            channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        }
        return passed();
    }

    private List<HttpObject> passed() {
        List<HttpObject> passed = new ArrayList<>();
        for (Object msg = channel.readInbound(); msg != null; msg = channel.readInbound()) {
            passed.add((HttpObject) msg);
            if (msg instanceof HttpContent) {
                ReferenceCountUtil.release(msg);
            }
        }
        return passed;
    }

    private List<HttpObject> after(long millis) {
        channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        return passed();
    }

    @Test
    void aBodyStillComingAtTheDeadlineEndsTheRequestWith408AndTheRestIsDropped() {
        send("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n01234");
        assertThat(after(499)).isEmpty();

        List<HttpObject> expired = after(1);

        assertThat(expired).hasSize(1).first().isInstanceOf(LastHttpContent.class);
        assertThat(expired.get(0).decoderResult().cause()).isInstanceOfSatisfying(PolicyRefusal.class,
                refusal -> assertThat(refusal.status()).isEqualTo(408));
        assertThat(send("56789")).isEmpty();
    }

    @Test
    void aBodyThatArrivesInTimeStopsTheClock() {
        send("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n01234");
        List<HttpObject> rest = send("56789");

        assertThat(rest).last().isInstanceOf(LastHttpContent.class);
        assertThat(after(10_000)).isEmpty();
    }

    @Test
    void aResponseBegunBeforeTheDeadlineLetsTheRequestGoOn() {
        send("PUT /x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n01234");
        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));

        assertThat(after(10_000)).isEmpty();
        assertThat(send("56789")).last().isInstanceOf(LastHttpContent.class);
    }

    @Test
    void requestsWhoseBodiesTheServiceKindDoesNotReadHaveNoDeadline() {
        send("GET /x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n01234");

        assertThat(after(10_000)).isEmpty();
    }
}
