package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.util.ReferenceCountUtil;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A WebSocket over an h2 stream (RFC 8441) through the entrypoint, with a client made of Netty's h2 frame codec
 * and its WebSocket frame codecs: the worker is Netty's WebSocket server, which sees an ordinary HTTP/1.1 upgrade.
 */
@Timeout(60)
class WebSocketOverHttp2Test {
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = resources.open(new ProxyEventLoops(2));
    private final WebSocketEchoBackend worker = resources.open(new WebSocketEchoBackend(loops));
    private final CompletableFuture<Http2SettingsFrame> serverSettings = new CompletableFuture<>();
    private final LinkedBlockingQueue<Object> streamFrames = new LinkedBlockingQueue<>();
    private final EmbeddedChannel webSocketFrames = new EmbeddedChannel(
            new WebSocket08FrameEncoder(true), new WebSocket08FrameDecoder(false, true, 16 * 1024 * 1024));

    @AfterEach
    void closeAll() throws Exception {
        webSocketFrames.finishAndReleaseAll();
        streamFrames.forEach(ReferenceCountUtil::release);
        resources.close();
    }

    @Test
    void aWebSocketOnAnH2StreamReachesTheWorkerAsAnUpgradeAndEchoesBothWays() throws Exception {
        EntrypointServer server = resources.open(new EntrypointServer(loops, new TestUpstreams().service("a",
                worker.address()), "a", "", ServerLimits.DEFAULTS, Optional.empty(), true));
        int port = server.bind("127.0.0.1", 0).getPort();
        Channel connection = h2PriorKnowledge(port);
        assertThat(serverSettings.get(10, TimeUnit.SECONDS).settings().connectProtocolEnabled())
                .as("SETTINGS_ENABLE_CONNECT_PROTOCOL").isTrue();

        Http2StreamChannel stream = new Http2StreamChannelBootstrap(connection).handler(new Collect(streamFrames))
                .open().get(10, TimeUnit.SECONDS);
        Http2Headers connect = new DefaultHttp2Headers().method("CONNECT").scheme("http").path("/ws")
                .authority("127.0.0.1:" + port);
        connect.set(Http2Headers.PseudoHeaderName.PROTOCOL.value(), "websocket");
        connect.set("sec-websocket-version", "13");
        stream.writeAndFlush(new DefaultHttp2HeadersFrame(connect, false)).sync();

        Http2HeadersFrame answer = (Http2HeadersFrame) next();
        assertThat(answer.headers().status()).hasToString("200");
        assertThat(answer.isEndStream()).isFalse();
        assertThat(((TextWebSocketFrame) receive()).text()).isEqualTo("welcome 127.0.0.1:" + port);

        send(stream, new TextWebSocketFrame("ping"));
        assertThat(((TextWebSocketFrame) receive()).text()).isEqualTo("ping");

        byte[] large = new byte[1024 * 1024]; // sixteen times the stream's initial flow-control window
        for (int i = 0; i < large.length; i++) {
            large[i] = (byte) (i * 7);
        }
        send(stream, new BinaryWebSocketFrame(Unpooled.wrappedBuffer(large)));
        WebSocketFrame echoed = receive();
        assertThat(echoed).isInstanceOf(BinaryWebSocketFrame.class);
        assertThat(io.netty.buffer.ByteBufUtil.getBytes(echoed.content())).isEqualTo(large);
        echoed.release();

        send(stream, new CloseWebSocketFrame(1000, "done"));
        assertThat(((CloseWebSocketFrame) receive()).statusCode()).isEqualTo(1000);
    }

    private Channel h2PriorKnowledge(int port) throws InterruptedException {
        return new Bootstrap().group(loops.io()).channel(loops.channelClass()).handler(new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel channel) {
                channel.pipeline().addLast(Http2FrameCodecBuilder.forClient().build(),
                        new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()),
                        new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                if (msg instanceof Http2SettingsFrame settings) {
                                    serverSettings.complete(settings);
                                }
                                ReferenceCountUtil.release(msg);
                            }
                        });
            }
        }).connect("127.0.0.1", port).sync().channel();
    }

    private void send(Http2StreamChannel stream, WebSocketFrame frame) throws InterruptedException {
        webSocketFrames.writeOutbound(frame);
        for (ByteBuf bytes = webSocketFrames.readOutbound(); bytes != null; bytes = webSocketFrames.readOutbound()) {
            stream.writeAndFlush(new DefaultHttp2DataFrame(bytes, false)).sync();
        }
    }

    /** The next whole WebSocket frame from the stream's DATA frames. */
    private WebSocketFrame receive() throws InterruptedException {
        WebSocketFrame frame = webSocketFrames.readInbound();
        while (frame == null) {
            Object next = next();
            assertThat(next).as("a DATA frame").isInstanceOf(Http2DataFrame.class);
            webSocketFrames.writeInbound(((Http2DataFrame) next).content());
            frame = webSocketFrames.readInbound();
        }
        return frame;
    }

    private Object next() throws InterruptedException {
        Object frame = streamFrames.poll(20, TimeUnit.SECONDS);
        assertThat(frame).as("a frame on the stream within 20 s").isNotNull();
        return frame;
    }

    /** Queues what arrives on a stream. */
    private static final class Collect extends ChannelInboundHandlerAdapter {
        private final LinkedBlockingQueue<Object> frames;

        Collect(LinkedBlockingQueue<Object> frames) {
            this.frames = frames;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            frames.add(msg);
        }
    }
}
