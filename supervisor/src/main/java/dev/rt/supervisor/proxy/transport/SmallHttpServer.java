package dev.rt.supervisor.proxy.transport;

import dev.rt.config.error.RtException;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A small HTTP/1.1 server of the supervisor's own (metrics, the HTTP cache's invalidations) on the proxy's event
 * loops: whole requests up to a size (larger ones are refused with 413), one handler per connection, a connection
 * idle for a minute closed. Closing it closes its listener and its clients.
 */
public final class SmallHttpServer implements AutoCloseable {
    private final Channel listener;
    private final ChannelGroup clients;

    private SmallHttpServer(Channel listener, ChannelGroup clients) {
        this.listener = listener;
        this.clients = clients;
    }

    /**
     * Listens on {@code address}.
     *
     * @param name            names the server's group of client channels
     * @param handler         a new handler for each connection, given whole requests
     * @param failure         the error to throw when {@code address} cannot be bound, from the bind's cause
     */
    public static SmallHttpServer bind(ProxyEventLoops loops, String name, InetSocketAddress address,
            int maxRequestBytes, Supplier<? extends ChannelHandler> handler, Function<Throwable, RtException> failure) {
        ChannelGroup clients = new DefaultChannelGroup(name, GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(loops.io())
                .channel(loops.serverChannelClass())
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        clients.add(channel);
                        channel.pipeline()
                                .addLast(new ReadTimeoutHandler(60, TimeUnit.SECONDS))
                                .addLast(new HttpServerCodec())
                                .addLast(new HttpObjectAggregator(maxRequestBytes))
                                .addLast(handler.get());
                    }
                });
        ChannelFuture bound = bootstrap.bind(address).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw failure.apply(bound.cause());
        }
        return new SmallHttpServer(bound.channel(), clients);
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) listener.localAddress();
    }

    @Override
    public void close() {
        listener.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        clients.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
}
