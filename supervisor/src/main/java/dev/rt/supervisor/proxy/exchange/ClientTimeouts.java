package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.route.ProxyError;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The time limits of an HTTP/1 client connection between its requests, as a stage between the server codec
 * and the {@link ProxyFrontendHandler}: a request head must arrive whole within
 * {@link ServerLimits#headersTimeoutMillis()} of the connection or of its first bytes (else 408 and close),
 * and a connection with no exchange in progress closes once idle for {@link ServerLimits#idleTimeoutMillis()}
 * since its last bytes and the end of its last response. An exchange lasts from its request head to the end of
 * its final response (interim 1xx responses do not end it); pipelined requests count one each. The idle timer
 * before it ({@code IdleStateHandler}) counts from the last bytes read only, so after a response that took long
 * its event comes early: the rest of the time is waited here.
 */
public final class ClientTimeouts extends ChannelDuplexHandler {
    private final long headersTimeoutMillis;
    private final long idleTimeoutNanos;
    private final Runnable onTimeout = this::onTimeout;
    private final Runnable onIdle = this::onIdle;
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> timer;
    private ScheduledFuture<?> idleTimer;
    private int exchanges;
    private boolean interim;
    private long lastResponseEnd;

    /** @param idleTimeoutMillis the idle timer's, which this handler only completes; 0 for none */
    public ClientTimeouts(long headersTimeoutMillis, long idleTimeoutMillis) {
        this.headersTimeoutMillis = headersTimeoutMillis;
        this.idleTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(idleTimeoutMillis);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        lastResponseEnd = ctx.executor().ticker().nanoTime();
        arm(); // the first request head is due within the timeout of the connection
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest) {
            exchanges++;
            cancel();
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (exchanges == 0) {
            arm(); // bytes of a request head arrived, not the whole head yet
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response) {
            interim = response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
        }
        if (msg instanceof LastHttpContent && !interim && exchanges > 0) {
            exchanges--;
            lastResponseEnd = ctx.executor().ticker().nanoTime();
        }
        ctx.write(msg, promise);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            onIdle();
            return;
        }
        ctx.fireUserEventTriggered(event);
    }

    /** Closes the connection if idle between requests for server.idleTimeout, or waits for the rest of it. */
    private void onIdle() {
        idleTimer = null;
        if (exchanges > 0 || !ctx.channel().isActive()) {
            return; // the idle timer fires again, counting from the last bytes read
        }
        long left = idleTimeoutNanos - (ctx.executor().ticker().nanoTime() - lastResponseEnd);
        if (left <= 0) {
            ctx.close();
        } else if (idleTimer == null) {
            idleTimer = ctx.executor().schedule(onIdle, left, TimeUnit.NANOSECONDS);
        }
    }

    private void arm() {
        if (headersTimeoutMillis > 0 && timer == null) {
            timer = ctx.executor().schedule(onTimeout, headersTimeoutMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private void onTimeout() {
        timer = null;
        if (exchanges == 0 && ctx.channel().isActive()) {
            ctx.writeAndFlush(ProxyError.requestTimeout(headersTimeoutMillis).toResponse(ctx.alloc(), true))
                    .addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancel();
        cancelIdle();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        cancelIdle();
        ctx.fireChannelInactive();
    }

    private void cancelIdle() {
        if (idleTimer != null) {
            idleTimer.cancel(false);
            idleTimer = null;
        }
    }
}
