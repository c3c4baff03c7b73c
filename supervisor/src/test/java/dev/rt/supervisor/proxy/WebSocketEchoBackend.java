package dev.rt.supervisor.proxy;

import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler.HandshakeComplete;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import java.net.InetSocketAddress;

/**
 * A worker stand-in that speaks WebSocket at {@code /ws}: says {@code welcome <Host>} first, then echoes
 * every text and binary message. Runs on the given event loops.
 */
final class WebSocketEchoBackend implements AutoCloseable {
    private final Channel listener;

    WebSocketEchoBackend(ProxyEventLoops loops) {
        listener = new ServerBootstrap().group(loops.io()).channel(loops.serverChannelClass())
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        channel.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024),
                                new WebSocketServerProtocolHandler("/ws", null, false, 16 * 1024 * 1024),
                                new Echo());
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).syncUninterruptibly().channel();
    }

    InetSocketAddress address() {
        return (InetSocketAddress) listener.localAddress();
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
    }

    private static final class Echo extends SimpleChannelInboundHandler<WebSocketFrame> {
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof HandshakeComplete handshake) {
                ctx.writeAndFlush(new TextWebSocketFrame("welcome " + handshake.requestHeaders().get("Host")));
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
            if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame) {
                ctx.writeAndFlush(frame.retainedDuplicate());
            }
        }
    }
}
