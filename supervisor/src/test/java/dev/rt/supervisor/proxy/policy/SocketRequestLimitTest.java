package dev.rt.supervisor.proxy.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code server.maxRequestsPerSocket} on an HTTP/1 connection, in memory. */
class SocketRequestLimitTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(), new SocketRequestLimit(2));

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private List<HttpRequest> heads(String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        List<HttpRequest> heads = new ArrayList<>();
        for (Object msg = channel.readInbound(); msg != null; msg = channel.readInbound()) {
            if (msg instanceof HttpRequest head) {
                heads.add(head);
            }
            ReferenceCountUtil.release(msg);
        }
        return heads;
    }

    @Test
    void theRequestThatReachesTheCountAsksForTheConnectionToClose() {
        List<HttpRequest> heads = heads("GET /1 HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\n");

        assertThat(HttpUtil.isKeepAlive(heads.get(0))).isTrue();
        assertThat(HttpUtil.isKeepAlive(heads.get(1))).isFalse();
    }

    @Test
    void anUpgradeKeepsItsConnectionHeader() {
        List<HttpRequest> heads = heads("GET /1 HTTP/1.1\r\nHost: a\r\n\r\nGET /ws HTTP/1.1\r\nHost: a\r\n"
                + "Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n");

        assertThat(heads.get(1).headers().get("connection")).isEqualTo("Upgrade");
    }
}
