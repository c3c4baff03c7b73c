package dev.rt.supervisor.proxy.policy;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * {@code server.bodyLimit} on a client connection (or h2 stream), between the codec and the proxy: the body of a
 * POST, PUT, PATCH, DELETE or OPTIONS request may have at most that many bytes. A {@code Content-Length} above it
 * refuses the head itself, before anything is sent on; a body that streams past it (chunked) is counted as it passes,
 * never held, and the part that crosses the limit is replaced by the end of the request, failed: the exchange answers
 * 413 if its response has not begun and closes the connection. What follows a refusal is dropped.
 */
final class BodyLimitHandler extends ChannelInboundHandlerAdapter {
    private final long limit;
    private boolean counting;
    private boolean refused;
    private long received;

    BodyLimitHandler(long limit) {
        this.limit = limit;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest head) {
            counting = BodyMethods.has(head.method());
            refused = false;
            received = 0;
            if (counting && head.decoderResult().isSuccess() && HttpUtil.getContentLength(head, -1L) > limit) {
                refused = true;
                head.setDecoderResult(DecoderResult.failure(PolicyRefusal.bodyTooLarge()));
                ctx.fireChannelRead(msg);
                return;
            }
        }
        if (!(msg instanceof HttpContent content)) {
            ctx.fireChannelRead(msg); // a head, or bytes after an upgrade
            return;
        }
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (counting && content.decoderResult().isSuccess()) {
            received += content.content().readableBytes();
            if (received > limit) {
                refused = true;
                boolean withHead = msg instanceof HttpRequest;
                if (withHead) { // a whole request in one (h2): its head is refused
                    ((HttpRequest) msg).setDecoderResult(DecoderResult.failure(PolicyRefusal.bodyTooLarge()));
                    ctx.fireChannelRead(msg);
                    return;
                }
                content.release();
                LastHttpContent end = new DefaultLastHttpContent();
                end.setDecoderResult(DecoderResult.failure(PolicyRefusal.bodyTooLarge()));
                ctx.fireChannelRead(end);
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }
}
