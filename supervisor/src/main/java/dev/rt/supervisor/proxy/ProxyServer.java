package dev.rt.supervisor.proxy;

import dev.rt.supervisor.proxy.backend.BackendOptions;
import dev.rt.supervisor.proxy.backend.BackendPool;
import dev.rt.supervisor.proxy.exchange.ExchangeHooks;
import dev.rt.supervisor.proxy.exchange.FrontendConfig;
import dev.rt.supervisor.proxy.exchange.ProxyFrontendHandler;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import dev.rt.supervisor.proxy.route.ProxyRoute;
import dev.rt.supervisor.proxy.route.UpstreamSelector;
import dev.rt.supervisor.proxy.tls.ServerTls;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A listening socket whose connections are proxied along a {@link ProxyRoute}: the machinery the
 * {@link EntrypointServer} and the {@link MeshProxy} share. Closing unbinds at once, lets requests in
 * flight finish within a grace period, then closes whatever remains, including idle worker connections.
 */
final class ProxyServer {
    private final ServerBootstrap bootstrap;
    private final BackendPool pool;
    private final ProxyInitializer initializer;
    private final ChannelGroup clients = new DefaultChannelGroup("rt-proxy-clients", GlobalEventExecutor.INSTANCE);
    private volatile boolean closing;
    private volatile Channel listener;
    private final List<Channel> tagged = new CopyOnWriteArrayList<>();

    /**
     * @param timeoutMillis how long a request may wait for its response head; 0 forever
     * @param tls           TLS for every connection, or none
     * @param cleartextH2   without TLS, also accept h2 with prior knowledge
     */
    ProxyServer(ProxyEventLoops loops, ProxyRoute route, UpstreamSelector upstreams, long timeoutMillis,
            ServerLimits limits, BackendOptions backends, Optional<ServerTls> tls, boolean cleartextH2) {
        this(loops, route, upstreams, timeoutMillis, limits, backends, tls, cleartextH2, RequestObserver.NONE);
    }

    /** @param observer told about every request a worker answered */
    ProxyServer(ProxyEventLoops loops, ProxyRoute route, UpstreamSelector upstreams, long timeoutMillis,
            ServerLimits limits, BackendOptions backends, Optional<ServerTls> tls, boolean cleartextH2,
            RequestObserver observer) {
        this(loops, route, upstreams, timeoutMillis, limits, backends, tls, cleartextH2, observer, ExchangeHooks.NONE);
    }

    /** @param hooks tracing and the HTTP cache around each exchange */
    ProxyServer(ProxyEventLoops loops, ProxyRoute route, UpstreamSelector upstreams, long timeoutMillis,
            ServerLimits limits, BackendOptions backends, Optional<ServerTls> tls, boolean cleartextH2,
            RequestObserver observer, ExchangeHooks hooks) {
        this(loops, route, upstreams, timeoutMillis, limits, backends, tls, cleartextH2, observer, hooks,
                EntrypointPolicy.NONE);
    }

    /** @param policy what the public server of a gateway applies to every request */
    ProxyServer(ProxyEventLoops loops, ProxyRoute route, UpstreamSelector upstreams, long timeoutMillis,
            ServerLimits limits, BackendOptions backends, Optional<ServerTls> tls, boolean cleartextH2,
            RequestObserver observer, ExchangeHooks hooks, EntrypointPolicy policy) {
        this.pool = new BackendPool(loops, backends);
        FrontendConfig config = new FrontendConfig(route, upstreams, pool, timeoutMillis, limits, observer, hooks,
                policy);
        this.initializer = new ProxyInitializer(config, tls, cleartextH2, clients, () -> closing);
        this.bootstrap = new ServerBootstrap()
                .group(loops.io())
                .channel(loops.serverChannelClass())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.AUTO_READ, false)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.RCVBUF_ALLOCATOR, ProxyEventLoops.RECEIVE_BUFFERS)
                .childHandler(initializer);
    }

    /**
     * Binds and returns the bound address.
     *
     * @throws BindFailedException with Netty's cause when the socket cannot be bound
     */
    InetSocketAddress bind(InetSocketAddress address) {
        if (listener != null) {
            throw new IllegalStateException("already bound to " + listener.localAddress());
        }
        ChannelFuture bound = bootstrap.bind(address).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new BindFailedException(bound.cause());
        }
        listener = bound.channel();
        return (InetSocketAddress) listener.localAddress();
    }

    /**
     * Binds one more listening socket whose connections see {@code value} as {@code key} on their parent channel
     * (the mesh tells its callers apart by it), and returns its address.
     *
     * @throws BindFailedException with Netty's cause when the socket cannot be bound
     */
    <T> InetSocketAddress bindTagged(InetSocketAddress address, AttributeKey<T> key, T value) {
        ChannelFuture bound = bootstrap.clone().attr(key, value).bind(address).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new BindFailedException(bound.cause());
        }
        tagged.add(bound.channel());
        return (InetSocketAddress) bound.channel().localAddress();
    }

    /** Client connections open now. */
    int openConnections() {
        return initializer.openConnections();
    }

    /** Unbinds, asks every connection to close after its current response, waits up to {@code grace}, closes. */
    void close(Duration grace) {
        closing = true;
        Channel bound = listener;
        if (bound != null) {
            bound.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
        tagged.forEach(channel -> channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS));
        clients.forEach(client -> client.pipeline().fireUserEventTriggered(ProxyFrontendHandler.DRAIN));
        if (!grace.isZero() && !grace.isNegative()) {
            clients.newCloseFuture().awaitUninterruptibly(grace.toMillis());
        }
        clients.forEach(ProxyServer::closeAtOnce);
        clients.newCloseFuture().awaitUninterruptibly(2, TimeUnit.SECONDS);
        pool.close();
    }

    /**
     * Closes a client connection now, from its first handler: past the h2 codec, whose own close sends GOAWAY
     * and then waits for the streams in flight, however long (the grace period above is what bounds them).
     */
    private static void closeAtOnce(Channel client) {
        ChannelHandlerContext first = client.pipeline().firstContext();
        if (first != null) {
            first.close();
        } else {
            client.close();
        }
    }

    /** A bind that failed; {@link #getCause()} is the transport's exception. */
    static final class BindFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BindFailedException(Throwable cause) {
            super(cause.getMessage(), cause);
        }
    }
}
