package dev.rt.supervisor.proxy;

import dev.rt.config.ErrorCode;
import dev.rt.config.MeshHostHeader;
import dev.rt.config.RtException;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
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
 */
public final class MeshProxy implements AutoCloseable {
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
        if (serviceTimeout.isNegative()) {
            throw new IllegalArgumentException("serviceTimeout must not be negative, found " + serviceTimeout);
        }
        this.server = new ProxyServer(loops, route, upstreams, serviceTimeout.toMillis(),
                ServerLimits.DEFAULTS.withHeadersTimeout(0), backends, Optional.empty(), false, observer);
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
        MeshProxy[] self = new MeshProxy[1];
        List<TokenInterceptor> interceptors = TokenInterceptor.from(config.sections().undici(), () -> self[0].bound);
        Set<String> keepMeshName = config.services().stream()
                .filter(service -> service.meshHostHeader() == MeshHostHeader.SERVICE)
                .map(ServiceConfig::id).collect(Collectors.toUnmodifiableSet());
        self[0] = new MeshProxy(loops, new MeshRoute(upstreams, interceptors, keepMeshName), upstreams,
                config.serviceTimeout(), BackendOptions.from(config.sections().undici()), observer);
        return self[0];
    }

    /**
     * The origins outside the runtime that workers send through the mesh ({@code http://host:port}, those of a
     * token interceptor), for their {@code ProxySelector}.
     */
    public static List<String> externalOrigins(RuntimeConfig config) {
        return TokenInterceptor.externalOrigins(config.sections().undici());
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
