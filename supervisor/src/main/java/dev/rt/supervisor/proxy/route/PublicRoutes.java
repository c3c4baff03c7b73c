package dev.rt.supervisor.proxy.route;

import dev.rt.kind.routing.RoutingTable;
import dev.rt.kind.routing.ServerPolicy;
import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpRequest;

/**
 * The routing table the public server applies before the entrypoint service's own workers, as a kind's router
 * publishes it ({@link dev.rt.kind.EntrypointRouter}): every request head reads the current table once,
 * so a new one takes over from the next request, and requests in flight finish where they were sent. Until the
 * first table, requests go to the service's workers (none started: 503, retry shortly); after it, what no rule
 * takes goes there too, or is answered 404 when the service runs no worker. The routing service's own server settings
 * ({@link EntrypointPolicy}) apply to every request of the public server.
 */
public final class PublicRoutes {
    private final String serviceId;
    private final boolean ownWorkers;
    private final EntrypointPolicy policy;
    private volatile CompiledTable table;

    /** @param ownWorkers whether the entrypoint service runs workers, which get what no rule takes */
    public PublicRoutes(String serviceId, boolean ownWorkers) {
        this(serviceId, ownWorkers, ServerPolicy.NONE);
    }

    /** @param policy the routing service's own server settings */
    public PublicRoutes(String serviceId, boolean ownWorkers, ServerPolicy policy) {
        this.serviceId = serviceId;
        this.ownWorkers = ownWorkers;
        this.policy = EntrypointPolicy.of(policy);
    }

    public EntrypointPolicy policy() {
        return policy;
    }

    /**
     * Applies {@code routes} from the next request on.
     *
     * @throws IllegalArgumentException when an origin of the table is not {@code http://host[:port]}
     */
    public void publish(RoutingTable routes) {
        table = CompiledTable.of(routes, serviceId);
    }

    /** The route of a public server: {@code entry}'s rewriting (base path, forwarded headers), then this table. */
    public ProxyRoute over(EntrypointRoute entry) {
        return new ProxyRoute() {
            @Override
            public RouteTarget route(HttpRequest request, Channel client) {
                RouteTarget own = entry.route(request, client);
                CompiledTable current = table;
                if (current == null) {
                    return own;
                }
                RouteTarget routed = current.match(request);
                if (routed != null || ownWorkers) {
                    return routed != null ? routed : own;
                }
                throw new RouteRejectedException(ProxyError.routeNotFound(request.method().name(), request.uri()));
            }

            @Override
            public boolean draining() {
                return entry.draining();
            }
        };
    }
}
