package dev.rt.supervisor.scheduler;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The answer to the one call a pooled connection carries at a time: its status once the whole response has arrived
 * (the body is dropped), or the failure (the connection closed, the timeout passed). Touched on the connection's
 * event loop only. A connection whose answer did not allow keep-alive, or that failed, is closed before it goes
 * back to the pool, which then drops it.
 */
final class CallbackExchange extends ChannelInboundHandlerAdapter {
    private ChannelHandlerContext context;
    private CompletableFuture<Integer> answer;
    private Runnable release;
    private ScheduledFuture<?> timer;
    private int status;
    private boolean keepAlive;

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.context = context;
    }

    /** Waits for the answer of the request just written; {@code release} gives the connection back to its pool. */
    void begin(CompletableFuture<Integer> answer, long timeoutMillis, Runnable release) {
        this.answer = answer;
        this.release = release;
        this.status = 0;
        this.timer = context.executor().schedule(() -> fail(new HttpTimeoutException("request timed out")),
                timeoutMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        try {
            if (answer == null) {
                return; // nothing asked: an idle connection's stray bytes
            }
            if (message instanceof HttpResponse response) {
                status = response.status().code();
                keepAlive = HttpUtil.isKeepAlive(response);
            }
            if (message instanceof LastHttpContent) {
                if (HttpStatusClass.valueOf(status) == HttpStatusClass.INFORMATIONAL) {
                    return; // 100 Continue and the like: the answer comes after
                }
                end(keepAlive, status, null);
            }
        } finally {
            ReferenceCountUtil.release(message);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        fail(new IOException("the connection closed before the whole answer came"));
        context.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        fail(cause);
    }

    /** Fails the call in progress, if any, and closes the connection. */
    void fail(Throwable cause) {
        end(false, 0, cause);
    }

    private void end(boolean reusable, int code, Throwable cause) {
        CompletableFuture<Integer> pending = answer;
        if (pending == null) {
            if (!reusable) {
                context.close();
            }
            return;
        }
        answer = null;
        timer.cancel(false);
        if (!reusable) {
            context.close();
        }
        release.run();
        if (cause == null) {
            pending.complete(code);
        } else {
            pending.completeExceptionally(cause);
        }
    }
}
