package dev.rt.supervisor.metrics;

import dev.rt.config.ErrorCode;
import dev.rt.config.MetricsConfig;
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
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The Prometheus metrics and probe server ({@code metrics}): HTTP/1.1 on {@code metrics.hostname:port}, on the
 * proxy's event loops, routes in {@link MetricsHandler}. Requests are small: bodies over 64 KiB are refused and
 * a connection idle for a minute is closed.
 */
public final class MetricsServer implements AutoCloseable {
    private static final int MAX_REQUEST_BYTES = 64 * 1024;

    private final Channel listener;
    private final ChannelGroup clients;

    private MetricsServer(Channel listener, ChannelGroup clients) {
        this.listener = listener;
        this.clients = clients;
    }

    /**
     * Listens as {@code config} says and serves {@code source}.
     *
     * @throws RtException {@code RT_METRICS_LISTEN_FAILED} when the address cannot be bound
     */
    public static MetricsServer start(ProxyEventLoops loops, MetricsConfig config, MetricsSource source) {
        ChannelGroup clients = new DefaultChannelGroup("rt-metrics-clients", GlobalEventExecutor.INSTANCE);
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
                                .addLast(new MetricsHandler(config, source));
                    }
                });
        String where = config.hostname() + ":" + config.port();
        InetSocketAddress address = new InetSocketAddress(config.hostname(), config.port());
        if (address.isUnresolved()) {
            throw new RtException(ErrorCode.METRICS_LISTEN_FAILED, "cannot start the metrics server on " + where
                    + ": the host name does not resolve to an address (check metrics.hostname)");
        }
        ChannelFuture bound = bootstrap.bind(address).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new RtException(ErrorCode.METRICS_LISTEN_FAILED, "cannot start the metrics server on " + where + ": "
                    + bound.cause().getMessage() + " (check metrics.hostname and metrics.port)", bound.cause());
        }
        return new MetricsServer(bound.channel(), clients);
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
