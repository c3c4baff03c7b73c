package dev.rt.supervisor.proxy;

import dev.rt.config.HttpCacheConfig;
import dev.rt.config.MeshHostHeader;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.proxy.backend.BackendOptions;
import dev.rt.supervisor.proxy.exchange.ExchangeHooks;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.route.MeshRoute;
import dev.rt.supervisor.proxy.route.RuntimeHost;
import dev.rt.supervisor.proxy.route.TokenInterceptor;
import dev.rt.supervisor.proxy.route.UpstreamSelector;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The HTTP proxy workers reach other services through: their {@code ProxySelector} sends
 * {@code http://<id>.rt.local/...} here (127.0.0.1, an ephemeral port), and each request goes to a started
 * worker of {@code <id>}; {@code CONNECT <id>.rt.local:80} (how the JDK opens a WebSocket through a proxy)
 * becomes a byte tunnel to one. A worker receives its own address as the {@code Host}, or {@code <id>.rt.local}
 * with {@code meshHostHeader: "service"}, and {@code X-Forwarded-Host: <id>.rt.local} either way ({@link MeshRoute});
 * what goes through a tunnel is not touched. A response whose head does not arrive within {@code serviceTimeout} is
 * answered with 504 {@code RT_SERVICE_TIMEOUT}. Connections to workers follow the {@code undici} agent options.
 * Besides its own port it listens on one per service ({@link #bindFor}), which that service's workers use, so that
 * every request tells which service called ({@link #callerOf}). {@code http://rt.local/http-cache/invalidate} is the
 * runtime's own ({@link RuntimeHost}).
 */
public final class MeshProxy implements AutoCloseable {
    private static final AttributeKey<String> CALLER = AttributeKey.valueOf("rt.mesh.caller");
    private final ProxyServer server;
    private volatile InetSocketAddress bound;

    /** {@code serviceTimeout}: how long a call may wait for the response head; zero waits forever. */
    public MeshProxy(ProxyEventLoops loops, UpstreamSelector upstreams, Duration serviceTimeout) {
        this(loops, new MeshRoute(upstreams), upstreams, serviceTimeout, BackendOptions.DEFAULTS);
    }

    MeshProxy(ProxyEventLoops loops, MeshRoute route, UpstreamSelector upstreams, Duration serviceTimeout,
            BackendOptions backends) {
        this(loops, route, upstreams, serviceTimeout, backends, RequestObserver.NONE);
    }

    private MeshProxy(ProxyEventLoops loops, MeshRoute route, UpstreamSelector upstreams, Duration serviceTimeout,
            BackendOptions backends, RequestObserver observer) {
        this(loops, route, upstreams, serviceTimeout, backends, observer, ExchangeHooks.NONE);
    }

    MeshProxy(ProxyEventLoops loops, MeshRoute route, UpstreamSelector upstreams, Duration serviceTimeout,
            BackendOptions backends, RequestObserver observer, ExchangeHooks hooks) {
        if (serviceTimeout.isNegative()) {
            throw new IllegalArgumentException("serviceTimeout must not be negative, found " + serviceTimeout);
        }
        this.server = new ProxyServer(loops, route, upstreams, serviceTimeout.toMillis(),
                ServerLimits.DEFAULTS.withHeadersTimeout(0), backends, Optional.empty(), false, observer, hooks);
    }

    /**
     * The mesh of {@code config}: its {@code serviceTimeout}, {@code undici} agent options, token interceptor and
     * each service's {@code meshHostHeader}.
     *
     * @throws RtException {@code RT_CONFIG_INVALID} for a token interceptor whose options cannot be used
     */
    public static MeshProxy of(ProxyEventLoops loops, UpstreamSelector upstreams, RuntimeConfig config) {
        return of(loops, upstreams, config, RequestObserver.NONE);
    }

    /** Like {@link #of(ProxyEventLoops, UpstreamSelector, RuntimeConfig)}, telling {@code observer} about every request. */
    public static MeshProxy of(ProxyEventLoops loops, UpstreamSelector upstreams, RuntimeConfig config,
            RequestObserver observer) {
        return of(loops, upstreams, config, observer, ExchangeHooks.NONE);
    }

    /** Like {@link #of(ProxyEventLoops, UpstreamSelector, RuntimeConfig, RequestObserver)}, with tracing and a cache. */
    public static MeshProxy of(ProxyEventLoops loops, UpstreamSelector upstreams, RuntimeConfig config,
            RequestObserver observer, ExchangeHooks hooks) {
        return of(loops, upstreams, config, observer, hooks, Optional.empty());
    }

    /**
     * Like {@link #of(ProxyEventLoops, UpstreamSelector, RuntimeConfig, RequestObserver, ExchangeHooks)}, sending
     * {@code http://rt.local/http-cache/...} to {@code invalidation}, the HTTP cache's invalidation server (empty
     * without {@code httpCache}: such requests are answered 404).
     */
    public static MeshProxy of(ProxyEventLoops loops, UpstreamSelector upstreams, RuntimeConfig config,
            RequestObserver observer, ExchangeHooks hooks, Optional<InetSocketAddress> invalidation) {
        MeshProxy[] self = new MeshProxy[1];
        List<TokenInterceptor> interceptors = TokenInterceptor.from(config.sections().undici(), () -> self[0].bound);
        Set<String> keepMeshName = config.services().stream()
                .filter(service -> service.meshHostHeader() == MeshHostHeader.SERVICE)
                .map(ServiceConfig::id).collect(Collectors.toUnmodifiableSet());
        Set<String> cached = config.sections().httpCache().enabled()
                ? Set.copyOf(cachedOutside(config.sections().httpCache())) : Set.of();
        self[0] = new MeshProxy(loops, new MeshRoute(upstreams, interceptors, keepMeshName, cached,
                new RuntimeHost(invalidation)), upstreams,
                config.serviceTimeout(), BackendOptions.from(config.sections().undici()), observer, hooks);
        return self[0];
    }

    /**
     * The origins outside the runtime that workers send through the mesh ({@code http://host:port}: those of a
     * token interceptor, and the plain-HTTP ones the HTTP cache serves), for their {@code ProxySelector}.
     */
    public static List<String> externalOrigins(RuntimeConfig config) {
        List<String> origins = new ArrayList<>(TokenInterceptor.externalOrigins(config.sections().undici()));
        if (config.sections().httpCache().enabled()) {
            cachedOutside(config.sections().httpCache()).stream().filter(o -> !origins.contains(o)).forEach(origins::add);
        }
        return List.copyOf(origins);
    }

    /** The exact {@code http://} origins of {@code httpCache.origins} outside the runtime, as {@code http://host:port}. */
    private static List<String> cachedOutside(HttpCacheConfig cache) {
        List<String> outside = new ArrayList<>();
        for (String origin : cache.origins()) {
            if (!origin.regionMatches(true, 0, "http://", 0, 7)) {
                continue; // a /regex/, or https (encrypted end to end: never through the mesh)
            }
            URI uri = URI.create(origin);
            if (uri.getHost() != null && !uri.getHost().toLowerCase(Locale.ROOT).endsWith(MeshRoute.SUFFIX)) {
                outside.add(TokenInterceptor.origin("http", uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort()));
            }
        }
        return outside;
    }

    /** Listens on 127.0.0.1 at a free port and returns the bound address. */
    public InetSocketAddress bind() {
        try {
            bound = server.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0));
            return bound;
        } catch (ProxyServer.BindFailedException | UnknownHostException e) {
            throw new RtException(ErrorCode.MESH_LISTEN_FAILED,
                    "cannot listen on 127.0.0.1 for the service mesh: " + e.getMessage(), e);
        }
    }

    /**
     * Listens on 127.0.0.1 at one more free port, for the workers of {@code serviceId}: each request that arrives
     * there is known to come from that service ({@link #callerOf}). Returns the port.
     */
    public int bindFor(String serviceId) {
        try {
            return server.bindTagged(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0),
                    CALLER, serviceId).getPort();
        } catch (ProxyServer.BindFailedException | UnknownHostException e) {
            throw new RtException(ErrorCode.MESH_LISTEN_FAILED, "cannot listen on 127.0.0.1 for the service mesh of "
                    + "the service \"" + serviceId + "\": " + e.getMessage(), e);
        }
    }

    /** The service whose workers opened {@code client}, a connection to the mesh; empty on the mesh's own port. */
    public static Optional<String> callerOf(Channel client) {
        return Optional.ofNullable(callerIdOf(client));
    }

    /** {@link #callerOf} without an {@code Optional}, for the path of every request: null when there is none. */
    public static String callerIdOf(Channel client) {
        Channel listener = client.parent();
        return listener == null ? null : listener.attr(CALLER).get();
    }

    /** Client (worker) connections open now. */
    int openConnections() {
        return server.openConnections();
    }

    /** Stops accepting and closes every connection at once; blocks briefly, so not called on an event loop. */
    @Override
    public void close() {
        server.close(Duration.ZERO);
    }
}
