package dev.rt.supervisor.proxy.policy;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code server.requestTimeout} on a client connection (or h2 stream): the body of a POST, PUT, PATCH, DELETE or
 * OPTIONS request must have arrived whole within that many milliseconds of its head, as on the service kind's
 * server. When it has not, and no response has begun, the request ends there, failed: the exchange answers 408 and
 * closes the connection, and the rest of the body is dropped. A response that began first (the service answered
 * early) goes on.
 */
final class RequestDeadlineHandler extends ChannelDuplexHandler {
    private final long millis;
    private final Runnable expire = this::expire;
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> timer;
    private boolean expired;

    RequestDeadlineHandler(long millis) {
        this.millis = millis;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest head) {
            cancel();
            expired = false;
            if (BodyMethods.has(head.method()) && !(msg instanceof LastHttpContent)) {
                timer = ctx.executor().schedule(expire, millis, TimeUnit.MILLISECONDS);
            }
        } else if (msg instanceof HttpContent && expired) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof LastHttpContent) {
            cancel();
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
            cancel(); // answered before the whole body came: the service kind lets it be
        }
        ctx.write(msg, promise);
    }

    private void expire() {
        timer = null;
        if (!ctx.channel().isActive()) {
            return;
        }
        expired = true;
        LastHttpContent end = new DefaultLastHttpContent();
        end.setDecoderResult(DecoderResult.failure(PolicyRefusal.requestTimeout()));
        ctx.fireChannelRead(end);
        ctx.fireChannelReadComplete();
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancel();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }
}
