package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.route.ProxyAnswer;
import dev.rt.supervisor.proxy.route.ProxyRoute;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponse;

/**
 * The response side of a {@link ProxyExchange}: frames the answer to the {@link ExchangeRequest} in progress for the
 * client ({@link ResponseFraming}, CORS headers, the trace and the cache of {@link ExchangeExtras}), whether the
 * worker's, a stored one or the proxy's own, holds it when its route rewrites the body ({@link HeldResponse}, made
 * for the first such response), and writes it from the frontend's place in the client's pipeline. The write of a
 * whole answer tells the exchange (its {@link ChannelFutureListener}). One per exchange, reused request after
 * request; runs on the client channel's event loop.
 */
final class ExchangeResponse {
    private final ProxyRoute route;
    private final ExchangeExtras extras; // null when tracing and the cache are off
    private final ChannelFutureListener written;
    private ChannelHandlerContext ctx;
    private HeldResponse held;
    private int status;

    ExchangeResponse(ProxyRoute route, ExchangeExtras extras, ChannelFutureListener written) {
        this.route = route;
        this.extras = extras;
        this.written = written;
    }

    void bind(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** The status of the answer given, for the request metrics. */
    int status() {
        return status;
    }

    /** The worker's final response head for {@code request}: rewritten by its route, framed, held when rewritten. */
    void head(HttpResponse response, ExchangeRequest request) {
        request.target.rewriteResponse(response, request.head);
        request.cors.decorate(response);
        status = response.status().code();
        ExchangeExtras.responseHead(extras, response, false);
        request.closeAfter = ResponseFraming.frame(response, request.method, request.http10,
                request.closeAfter || route.draining());
        ExchangeExtras.responseHead(extras, response, true);
        if (request.target.bodyRewrite() != null || held != null) {
            (held != null ? held : (held = new HeldResponse())).begin(request.target, response, request.method, ctx);
        }
    }

    /** A part of the worker's response body. */
    void write(Object msg) {
        ExchangeExtras.responseBody(extras, msg);
        if (held == null || !held.holds(msg, ctx)) {
            ctx.write(msg, ctx.voidPromise()); // a failed write closes the client: channelInactive() follows
        }
    }

    /** The last part of the worker's response; the write of the whole answer (held or not). */
    ChannelFuture writeLast(Object msg) {
        ExchangeExtras.responseBody(extras, msg);
        return held != null && held.holds(msg, ctx) ? held.finish(ctx) : ctx.write(msg);
    }

    void flush() {
        ctx.flush();
    }

    boolean writable() {
        return ctx.channel().isWritable();
    }

    /** Answers {@code request} with a stored response. */
    void local(FullHttpResponse response, ExchangeRequest request) {
        status = response.status().code();
        request.cors.decorate(response);
        request.closeAfter = ResponseFraming.frame(response, request.method, request.http10,
                request.closeAfter || route.draining() || request.awaitsContinue());
        ExchangeExtras.end(extras, response, true);
        ctx.writeAndFlush(response).addListener(written);
    }

    /** Answers {@code request} with an error, or its route's own answer; nothing of the exchange is stored. */
    void error(ProxyAnswer error, ExchangeRequest request) {
        ExchangeExtras.abandon(extras);
        request.closeAfter |= route.draining() || request.awaitsContinue();
        ctx.writeAndFlush(ExchangeExtras.end(extras, request.cors.decorate(error.toResponse(ctx.alloc(),
                request.closeAfter)), true)).addListener(written);
    }

    /** Lets go of a response held half-way (the worker or the client went away). */
    void discardHeld() {
        HeldResponse.discard(held);
    }
}
