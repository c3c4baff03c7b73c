package dev.rt.supervisor.proxy.policy;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;

/**
 * {@code server.maxRequestsPerSocket} on an HTTP/1 client connection: from the request that reaches the count on,
 * the request is taken as if the client had sent {@code Connection: close}, so that its response says so and the
 * connection ends after it, as on the service kind's server. An upgrade (WebSocket) keeps its {@code Connection}.
 */
final class SocketRequestLimit extends ChannelInboundHandlerAdapter {
    private final long max;
    private long count;

    SocketRequestLimit(long max) {
        this.max = max;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest head && ++count >= max && !head.headers().contains(HttpHeaderNames.UPGRADE)) {
            head.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        ctx.fireChannelRead(msg);
    }
}
