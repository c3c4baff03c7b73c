package dev.rt.supervisor.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.Http2CodecUtil;
import java.util.List;

/**
 * On a cleartext server with {@code http2} on: a connection that starts with the HTTP/2 connection preface
 * is h2 with prior knowledge ({@code curl --http2-prior-knowledge}); any other is HTTP/1.1. Looks at the
 * first bytes only, then replaces itself with the matching pipeline (the bytes it saw go on to it).
 */
final class PrefaceDetector extends ByteToMessageDecoder {
    private static final ByteBuf PREFACE = Http2CodecUtil.connectionPrefaceBuf();
    private final ProxyInitializer initializer;

    PrefaceDetector(ProxyInitializer initializer) {
        this.initializer = initializer;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int length = Math.min(in.readableBytes(), PREFACE.readableBytes());
        if (!ByteBufUtil.equals(PREFACE, PREFACE.readerIndex(), in, in.readerIndex(), length)) {
            initializer.http1(ctx.pipeline());
            ctx.pipeline().remove(this);
        } else if (length == PREFACE.readableBytes()) {
            initializer.http2(ctx.pipeline());
            ctx.pipeline().remove(this);
        }
    }
}
