package dev.rt.supervisor.cache;

import dev.rt.config.ErrorCode;
import dev.rt.config.RtException;
import dev.rt.supervisor.proxy.ProxyEventLoops;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Where the mesh sends {@code http://rt.local/http-cache/invalidate}: HTTP/1.1 on 127.0.0.1 at a free port, on the
 * proxy's event loops, answered by {@link InvalidationHandler}. Workers never reach it directly; their mesh proxy
 * forwards to it. Bodies over 1 MiB are refused (413) and a connection idle for a minute is closed.
 */
public final class InvalidationServer implements AutoCloseable {
    private static final int MAX_REQUEST_BYTES = 1024 * 1024;

    private final Channel listener;
    private final ChannelGroup clients;

    private InvalidationServer(Channel listener, ChannelGroup clients) {
        this.listener = listener;
        this.clients = clients;
    }

    /**
     * Listens on 127.0.0.1 and invalidates entries of {@code cache}.
     *
     * @throws RtException {@code RT_MESH_LISTEN_FAILED} when no port can be bound
     */
    public static InvalidationServer start(ProxyEventLoops loops, HttpCache cache) {
        ChannelGroup clients = new DefaultChannelGroup("rt-cache-invalidation-clients", GlobalEventExecutor.INSTANCE);
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
                                .addLast(new HttpObjectAggregator(MAX_REQUEST_BYTES))
                                .addLast(new InvalidationHandler(cache));
                    }
                });
        ChannelFuture bound = bootstrap.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new RtException(ErrorCode.MESH_LISTEN_FAILED, "cannot listen on 127.0.0.1 for the HTTP cache's "
                    + "invalidations: " + bound.cause().getMessage(), bound.cause());
        }
        return new InvalidationServer(bound.channel(), clients);
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
