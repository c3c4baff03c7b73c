package dev.rt.supervisor.metrics;

import dev.rt.config.MetricsConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import dev.rt.supervisor.proxy.transport.SmallHttpServer;
import java.net.InetSocketAddress;

/**
 * The Prometheus metrics and probe server ({@code metrics}): HTTP/1.1 on {@code metrics.hostname:port}, on the
 * proxy's event loops, routes in {@link MetricsHandler}. Requests are small: bodies over 64 KiB are refused and
 * a connection idle for a minute is closed.
 */
public final class MetricsServer implements AutoCloseable {
    private static final int MAX_REQUEST_BYTES = 64 * 1024;

    private final SmallHttpServer server;

    private MetricsServer(SmallHttpServer server) {
        this.server = server;
    }

    /**
     * Listens as {@code config} says and serves {@code source}.
     *
     * @throws RtException {@code RT_METRICS_LISTEN_FAILED} when the address cannot be bound
     */
    public static MetricsServer start(ProxyEventLoops loops, MetricsConfig config, MetricsSource source) {
        String where = config.hostname() + ":" + config.port();
        InetSocketAddress address = new InetSocketAddress(config.hostname(), config.port());
        if (address.isUnresolved()) {
            throw new RtException(ErrorCode.METRICS_LISTEN_FAILED, "cannot start the metrics server on " + where
                    + ": the host name does not resolve to an address (check metrics.hostname)");
        }
        return new MetricsServer(SmallHttpServer.bind(loops, "rt-metrics-clients", address, MAX_REQUEST_BYTES,
                () -> new MetricsHandler(config, source),
                cause -> new RtException(ErrorCode.METRICS_LISTEN_FAILED, "cannot start the metrics server on "
                        + where + ": " + cause.getMessage() + " (check metrics.hostname and metrics.port)", cause)));
    }

    public InetSocketAddress address() {
        return server.address();
    }

    @Override
    public void close() {
        server.close();
    }
}
