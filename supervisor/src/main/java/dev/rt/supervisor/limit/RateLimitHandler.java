package dev.rt.supervisor.limit;

import dev.rt.config.error.ErrorCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * The rate limit of one request pipeline (an HTTP/1 connection, or an h2 stream), between the HTTP codec and what
 * follows: each request head is judged by the {@link RateLimiter}; one let through goes on and its response gains
 * the {@code RateLimit-*} headers; one refused is answered here, 429 with {@code Retry-After} and rt's JSON error
 * body ({@code RT_RATE_LIMITED}), its body read and dropped, the connection kept; behind a pipelined request still
 * being answered, once that answer has ended. While a decision is pending (Redis), or a refusal waits for its turn,
 * what arrives is held and reads wait, so the order of messages and the backpressure stay as they were.
 */
final class RateLimitHandler extends ChannelDuplexHandler {
    static final String CODE = ErrorCode.RATE_LIMITED.code();

    private final RateLimiter limiter;
    private final ArrayDeque<Object> held = new ArrayDeque<>();
    private boolean waiting;
    private boolean discarding;
    private boolean readComplete;
    private boolean readAsked;
    /** The decisions of the requests let through whose responses have not ended yet, oldest first. */
    private final ArrayDeque<Decision> answering = new ArrayDeque<>();
    private HttpRequest deferred;
    private Decision deferredDecision;

    RateLimitHandler(RateLimiter limiter) {
        this.limiter = limiter;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (waiting) {
            held.add(msg);
        } else {
            take(ctx, msg);
        }
    }

    private void take(ChannelHandlerContext ctx, Object msg) {
        if (discarding) {
            discarding = !(msg instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            return;
        }
        if (!(msg instanceof HttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        CompletableFuture<Decision> decision = limiter.decide(request, ctx.channel()).toCompletableFuture()
                .exceptionally(failed -> Decision.UNCOUNTED);
        if (decision.isDone()) {
            apply(ctx, request, decision.join());
        } else {
            waiting = true;
            decision.thenAccept(decided -> ctx.executor().execute(() -> resume(ctx, request, decided)));
        }
    }

    private void resume(ChannelHandlerContext ctx, HttpRequest request, Decision decision) {
        waiting = false;
        if (ctx.isRemoved() || !ctx.channel().isActive()) {
            ReferenceCountUtil.release(request);
            held.forEach(ReferenceCountUtil::release);
            held.clear();
            return;
        }
        apply(ctx, request, decision);
        Object next;
        while (!waiting && (next = held.poll()) != null) {
            take(ctx, next);
        }
        if (waiting) {
            return;
        }
        if (readComplete) {
            readComplete = false;
            ctx.fireChannelReadComplete();
        }
        if (readAsked) {
            readAsked = false;
            ctx.read();
        }
    }

    private void apply(ChannelHandlerContext ctx, HttpRequest request, Decision decision) {
        if (!decision.refused()) {
            answering.add(decision);
            ctx.fireChannelRead(request);
            return;
        }
        if (!answering.isEmpty()) { // HTTP/1 pipelining: the 429 waits for the answers before it
            waiting = true;
            deferred = request;
            deferredDecision = decision;
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        discarding = !(request instanceof LastHttpContent);
        ReferenceCountUtil.release(request);
        ctx.writeAndFlush(refusal(request.protocolVersion(), decision, keepAlive))
                .addListener(keepAlive ? ChannelFutureListener.CLOSE_ON_FAILURE : ChannelFutureListener.CLOSE);
    }

    static FullHttpResponse refusal(HttpVersion version, Decision decision, boolean keepAlive) {
        String message = "Rate limit exceeded, retry in " + decision.resetSeconds()
                + (decision.resetSeconds() == 1 ? " second" : " seconds");
        ByteBuf body = Unpooled.copiedBuffer("{\"statusCode\":429,\"error\":\"Too Many Requests\",\"code\":\"" + CODE
                + "\",\"message\":\"" + message + "\"}", StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(version, HttpResponseStatus.TOO_MANY_REQUESTS, body);
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON + "; charset=utf-8")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        decision.addHeaders(response.headers());
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return response;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (waiting) {
            readComplete = true;
        } else {
            ctx.fireChannelReadComplete();
        }
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
        if (waiting) {
            readAsked = true;
        } else {
            ctx.read();
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        boolean interim = msg instanceof HttpResponse response
                && response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
        if (msg instanceof HttpResponse response && !interim && !answering.isEmpty()) {
            answering.peek().addHeaders(response.headers());
        }
        ctx.write(msg, promise);
        if (msg instanceof LastHttpContent && !interim && answering.poll() != null && answering.isEmpty()
                && deferred != null) {
            HttpRequest refused = deferred;
            deferred = null;
            ctx.executor().execute(() -> resume(ctx, refused, deferredDecision));
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        held.forEach(ReferenceCountUtil::release);
        held.clear();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        held.forEach(ReferenceCountUtil::release);
        held.clear();
        ctx.fireChannelInactive();
    }
}
