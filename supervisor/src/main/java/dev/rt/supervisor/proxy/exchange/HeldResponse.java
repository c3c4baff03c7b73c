package dev.rt.supervisor.proxy.exchange;

import dev.rt.kind.routing.ResponseBodyRewrite;
import dev.rt.supervisor.proxy.route.RouteTarget;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;

/**
 * The responses of one client connection (or h2 stream) whose route rewrites their bodies
 * ({@link ResponseBodyRewrite}): such a response's head and body wait here until its end, then go to the client as
 * one head with a {@code Content-Length} and the rewritten body. Every other response streams past untouched. A
 * body larger than {@link #MAX_BYTES} is not rewritten: what was held goes out as it came, and the rest streams
 * after it. Runs on the client channel's event loop.
 */
final class HeldResponse {
    static final int MAX_BYTES = 8 * 1024 * 1024;
    private ResponseBodyRewrite rewrite; // of the response being held; null while responses stream
    private CompositeByteBuf body;
    private HttpResponse head;

    /** A final response head arrived for a request sent to {@code target}: held when the target rewrites it. */
    void begin(RouteTarget target, HttpResponse response, HttpMethod method, ChannelHandlerContext ctx) {
        discard();
        ResponseBodyRewrite wanted = target.bodyRewrite();
        if (wanted == null || HttpMethod.HEAD.equals(method)
                || response.headers().contains(HttpHeaderNames.CONTENT_ENCODING)
                || !wanted.rewrites(response.status().code(), response.headers().get(HttpHeaderNames.CONTENT_TYPE))) {
            return;
        }
        rewrite = wanted;
        body = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
    }

    /**
     * Whether {@code msg} (the head, a piece of body, the end) is held back with the rest of its response. When the
     * body outgrows {@link #MAX_BYTES}, what was held is written as it came, and {@code msg} is not held.
     */
    boolean holds(Object msg, ChannelHandlerContext ctx) {
        if (rewrite == null) {
            return false;
        }
        if (msg instanceof HttpContent content && body.readableBytes() + content.content().readableBytes() > MAX_BYTES) {
            spill(ctx);
            return false;
        }
        if (msg instanceof HttpResponse response) {
            head = msg instanceof HttpContent ? new DefaultHttpResponse(response.protocolVersion(), response.status(),
                    response.headers()) : response;
        }
        if (msg instanceof HttpContent content) {
            body.addComponent(true, content.content().retain());
            content.release(); // trailers, if any, are not sent: the rewritten body has a length
        }
        return true;
    }

    private void spill(ChannelHandlerContext ctx) {
        if (head != null) {
            ctx.write(head, ctx.voidPromise());
        }
        ctx.write(new DefaultHttpContent(body.retain()), ctx.voidPromise());
        discard();
    }

    /** The end of the response was held: writes its head, with the rewritten body's length, and that body. */
    ChannelFuture finish(ChannelHandlerContext ctx) {
        byte[] original = ByteBufUtil.getBytes(body);
        byte[] rewritten;
        try {
            rewritten = rewrite.rewrite(head.status().code(), original);
        } catch (RuntimeException e) {
            rewritten = original; // a body the rewrite cannot read goes out as it came
        }
        HttpResponse whole = head;
        discard();
        whole.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
        whole.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, rewritten.length);
        ctx.write(whole, ctx.voidPromise());
        return ctx.write(new DefaultLastHttpContent(Unpooled.wrappedBuffer(rewritten)));
    }

    /** {@link #discard()} on {@code held} when there is one. */
    static void discard(HeldResponse held) {
        if (held != null) {
            held.discard();
        }
    }

    /** Lets go of what is held (the exchange ended without the whole response, or the response went out). */
    void discard() {
        if (body != null) {
            body.release();
        }
        body = null;
        head = null;
        rewrite = null;
    }
}
