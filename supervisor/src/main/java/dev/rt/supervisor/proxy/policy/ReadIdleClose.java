package dev.rt.supervisor.proxy.policy;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * {@code server.connectionTimeout}: a client connection from which nothing arrives for that many milliseconds is
 * closed, whatever it is doing, as the service kind's server does (its read idle timeout). Its events go nowhere:
 * the idle timer of {@code server.idleTimeout} is another stage's.
 */
final class ReadIdleClose extends IdleStateHandler {
    ReadIdleClose(long millis) {
        super(millis, 0, 0, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent event) {
        ctx.close();
    }
}
