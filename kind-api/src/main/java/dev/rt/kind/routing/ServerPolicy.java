package dev.rt.kind.routing;

import dev.rt.kind.cors.CorsSettings;
import dev.rt.kind.forwarded.TrustedProxies;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The routing kind's own {@code server} settings, which the public server applies to every request before its
 * table, since requests routed to other services never meet a worker of the routing service: CORS, the body limit,
 * time limits, connection reuse, which proxies in front are believed.
 *
 * @param cors                  CORS headers and preflight answers; empty for none
 * @param bodyLimit             most bytes of a POST, PUT, PATCH, DELETE or OPTIONS body (413 beyond); empty: no limit
 * @param requestTimeout        milliseconds such a request's whole body may take to arrive (408 beyond); 0 for none
 * @param connectionTimeout     milliseconds a connection may send nothing before it is closed; 0 for none
 * @param keepAliveTimeout      milliseconds a connection may wait for its next request, unless the runtime's own
 *                              {@code server.idleTimeout} says; empty: that setting or its default
 * @param maxRequestsPerSocket  requests an HTTP/1.1 connection serves, the last answered with
 *                              {@code Connection: close}; 0 for no limit
 * @param forceCloseConnections whether stopping closes every connection at once, requests in flight included
 * @param trustProxy            the clients whose {@code X-Forwarded-Host} and {@code X-Forwarded-Proto} are kept
 *                              (the first hop of the chain, the client connected to the public server);
 *                              {@link TrustedProxies#NONE}: those headers are always the public server's own
 */
public record ServerPolicy(Optional<CorsSettings> cors, OptionalLong bodyLimit, long requestTimeout,
        long connectionTimeout, OptionalLong keepAliveTimeout, long maxRequestsPerSocket,
        boolean forceCloseConnections, TrustedProxies trustProxy) {
    /** Nothing of the kind's: the public server as the runtime's {@code server} makes it. */
    public static final ServerPolicy NONE = new ServerPolicy(Optional.empty(), OptionalLong.empty(), 0, 0,
            OptionalLong.empty(), 0, false, TrustedProxies.NONE);

    public ServerPolicy {
        Objects.requireNonNull(cors, "cors");
        Objects.requireNonNull(bodyLimit, "bodyLimit");
        Objects.requireNonNull(keepAliveTimeout, "keepAliveTimeout");
        if (requestTimeout < 0 || connectionTimeout < 0 || maxRequestsPerSocket < 0) {
            throw new IllegalArgumentException("time limits and request counts are not negative");
        }
        Objects.requireNonNull(trustProxy, "trustProxy");
    }
}
