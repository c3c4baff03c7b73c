package dev.rt.supervisor.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServerConfig;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.listen.PublicAddress;
import dev.rt.supervisor.proxy.backend.BackendOptions;
import dev.rt.supervisor.proxy.exchange.ExchangeHooks;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.policy.AbuseLimits;
import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import dev.rt.supervisor.proxy.route.EntrypointRoute;
import dev.rt.supervisor.proxy.route.PublicRoutes;
import dev.rt.supervisor.proxy.route.UpstreamSelector;
import dev.rt.supervisor.proxy.tls.ServerTls;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The public server of the entrypoint service: HTTP/1.1, and with {@code server.http2} h2 (over TLS by ALPN,
 * or in clear text with prior knowledge); TLS from {@code server.https}. Every request goes to the service's
 * next started worker, with {@code X-Forwarded-For}, {@code X-Forwarded-Host} and {@code X-Forwarded-Proto}
 * added and the {@code basePath} removed; WebSocket upgrades become tunnels to the worker. The
 * {@link ServerLimits} protect it from abusive clients. A routing entrypoint's table ({@link PublicRoutes}) comes
 * before the worker, and its service's own server settings ({@link EntrypointPolicy}) apply to every request.
 * Shutting down is two steps: {@link #beginShutdown()} makes every response end its connection, and
 * {@link #close(Duration)} stops accepting and lets requests in flight finish within the grace period.
 */
public final class EntrypointServer implements AutoCloseable {
    private final EntrypointRoute route;
    private final ProxyServer server;
    private final String scheme;
    private final Optional<String> tlsEngine;
    private final EntrypointPolicy policy;
    private volatile AutoCloseable alsoClosed = () -> { };

    /** Plain HTTP/1.1, no base path, the default limits. */
    public EntrypointServer(ProxyEventLoops loops, UpstreamSelector upstreams, String serviceId) {
        this(loops, upstreams, serviceId, "", ServerLimits.DEFAULTS, Optional.empty(), false);
    }

    EntrypointServer(ProxyEventLoops loops, UpstreamSelector upstreams, String serviceId, String basePath,
            ServerLimits limits, Optional<ServerTls> tls, boolean http2) {
        this(loops, upstreams, serviceId, basePath, limits, tls, http2, RequestObserver.NONE);
    }

    EntrypointServer(ProxyEventLoops loops, UpstreamSelector upstreams, String serviceId, String basePath,
            ServerLimits limits, Optional<ServerTls> tls, boolean http2, RequestObserver observer) {
        this(loops, upstreams, serviceId, basePath, limits, tls, http2, observer, Optional.empty(), 0,
                ExchangeHooks.NONE);
    }

    /**
     * @param routes        a routing table applied before the service's workers, whose requests then wait at most
     *                      {@code timeoutMillis} for their response head (0 forever), as through the mesh
     */
    EntrypointServer(ProxyEventLoops loops, UpstreamSelector upstreams, String serviceId, String basePath,
            ServerLimits limits, Optional<ServerTls> tls, boolean http2, RequestObserver observer,
            Optional<PublicRoutes> routes, long timeoutMillis) {
        this(loops, upstreams, serviceId, basePath, limits, tls, http2, observer, routes, timeoutMillis,
                ExchangeHooks.NONE);
    }

    /** Like the constructor before, with {@code hooks} (tracing) around each exchange. */
    EntrypointServer(ProxyEventLoops loops, UpstreamSelector upstreams, String serviceId, String basePath,
            ServerLimits limits, Optional<ServerTls> tls, boolean http2, RequestObserver observer,
            Optional<PublicRoutes> routes, long timeoutMillis, ExchangeHooks hooks) {
        this(loops, upstreams, serviceId, basePath, limits, tls, http2, observer, routes, timeoutMillis, hooks,
                AbuseLimits.NONE);
    }

    /** Like the constructor before, with the limits on abuse ({@code server.rateLimit}) at every connection. */
    EntrypointServer(ProxyEventLoops loops, UpstreamSelector upstreams, String serviceId, String basePath,
            ServerLimits limits, Optional<ServerTls> tls, boolean http2, RequestObserver observer,
            Optional<PublicRoutes> routes, long timeoutMillis, ExchangeHooks hooks, AbuseLimits abuse) {
        this.scheme = tls.isPresent() ? "https" : "http";
        this.tlsEngine = tls.map(ServerTls::engine);
        this.policy = routes.map(PublicRoutes::policy).orElse(EntrypointPolicy.NONE).with(abuse);
        this.route = new EntrypointRoute(serviceId, EntrypointRoute.normalizeBasePath(basePath), scheme, policy);
        this.server = new ProxyServer(loops, routes.map(table -> table.over(route)).orElse(route), upstreams,
                routes.isPresent() ? timeoutMillis : 0, limits, BackendOptions.DEFAULTS, tls, http2 && tls.isEmpty(),
                observer, hooks, policy);
    }

    /**
     * The entrypoint of {@code config}: its {@code server} (TLS, h2, rt's limits) and {@code basePath}.
     *
     * @throws RtException {@code RT_CONFIG_INVALID} when a TLS key or certificate cannot be read or used
     */
    public static EntrypointServer of(ProxyEventLoops loops, UpstreamSelector upstreams, RuntimeConfig config) {
        return of(loops, upstreams, config, RequestObserver.NONE);
    }

    /** Like {@link #of(ProxyEventLoops, UpstreamSelector, RuntimeConfig)}, telling {@code observer} about every request. */
    public static EntrypointServer of(ProxyEventLoops loops, UpstreamSelector upstreams, RuntimeConfig config,
            RequestObserver observer) {
        return of(loops, upstreams, config, observer, Optional.empty(), ExchangeHooks.NONE);
    }

    /**
     * Like {@link #of(ProxyEventLoops, UpstreamSelector, RuntimeConfig, RequestObserver)}, applying {@code routes}
     * (a kind's routing table) before the entrypoint service's workers, with {@code serviceTimeout} on every request,
     * and {@code hooks} (tracing) around each exchange.
     */
    public static EntrypointServer of(ProxyEventLoops loops, UpstreamSelector upstreams, RuntimeConfig config,
            RequestObserver observer, Optional<PublicRoutes> routes, ExchangeHooks hooks) {
        return of(loops, upstreams, config, observer, routes, hooks, AbuseLimits.NONE);
    }

    /** Like the method before, with {@code abuse}'s limits ({@link AbuseLimits}, which the caller closes). */
    public static EntrypointServer of(ProxyEventLoops loops, UpstreamSelector upstreams, RuntimeConfig config,
            RequestObserver observer, Optional<PublicRoutes> routes, ExchangeHooks hooks, AbuseLimits abuse) {
        ServerConfig server = config.server();
        Optional<ServerTls> tls = server.https().map(https -> ServerTls.load(https, server.http2(), config.root()));
        return new EntrypointServer(loops, upstreams, config.entrypoint(), config.basePath().orElse(""),
                limits(config.settings().path("server"), routes.map(PublicRoutes::policy).orElse(EntrypointPolicy.NONE)),
                tls, server.http2(), observer, routes, config.serviceTimeout().toMillis(), hooks, abuse);
    }

    /**
     * rt's limits from the runtime's {@code server}, with the routing service's {@code keepAliveTimeout} as the idle
     * timeout unless that {@code server} sets {@code idleTimeout} itself (the runtime's setting wins).
     */
    static ServerLimits limits(JsonNode server, EntrypointPolicy policy) {
        ServerLimits limits = ServerLimits.from(server);
        OptionalLong keepAlive = policy.keepAliveTimeout();
        return keepAlive.isPresent() && !server.has("idleTimeout") ? limits.withIdleTimeout(keepAlive.getAsLong())
                : limits;
    }

    /** What encrypts the public server's TLS ({@link ServerTls#engine()}); empty without TLS. */
    public Optional<String> tlsEngine() {
        return tlsEngine;
    }

    /** {@code https} with TLS, {@code http} otherwise: the scheme of the public URL. */
    public String scheme() {
        return scheme;
    }

    /** Client connections open now. */
    int openConnections() {
        return server.openConnections();
    }

    /**
     * Listens on {@code hostname:port} (port 0 picks a free port) and returns the bound address.
     *
     * @throws RtException {@code RT_PORT_IN_USE} when the port is taken, {@code RT_SERVER_LISTEN_FAILED} when
     *     the host does not resolve or the socket cannot be bound otherwise
     */
    public InetSocketAddress bind(String hostname, int port) {
        InetSocketAddress address = PublicAddress.resolve(hostname, port);
        try {
            return server.bind(address);
        } catch (ProxyServer.BindFailedException e) {
            throw PublicAddress.bindFailure(address, e.getCause());
        }
    }

    /** From now on every response carries {@code Connection: close} and its connection closes after it. */
    public void beginShutdown() {
        route.beginDraining();
    }

    /**
     * Stops accepting at once, closes idle connections, lets requests in flight finish for up to
     * {@code grace} (none under a gateway's {@code forceCloseConnections}), then closes every connection that
     * remains. Blocks until done, so it is not called on one of the event loops.
     */
    public void close(Duration grace) {
        route.beginDraining();
        closeQuietly(alsoClosed);
        server.close(policy.grace(grace));
    }

    /** Closes {@code socket} too when this server stops accepting: the public socket of a direct entrypoint. */
    public void closingAlso(AutoCloseable socket) {
        alsoClosed = socket;
    }

    private static void closeQuietly(AutoCloseable socket) {
        try {
            socket.close();
        } catch (Exception e) {
            // closing regardless
        }
    }

    /** Closes without a grace period. */
    @Override
    public void close() {
        close(Duration.ZERO);
    }
}
