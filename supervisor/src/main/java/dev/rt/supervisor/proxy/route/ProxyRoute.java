package dev.rt.supervisor.proxy.route;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpRequest;

/**
 * How a proxy server picks the target of a request and rewrites the request for it. Called on the
 * client connection's event loop for every request head, after the hop-by-hop headers are removed.
 */
public interface ProxyRoute {

    /**
     * Rewrites {@code request} in place for the upstream and returns where it goes.
     *
     * @throws RouteRejectedException when the request names nothing this route serves (answered with the
     *     exception's status)
     */
    RouteTarget route(HttpRequest request, Channel client);

    /** Whether responses now end their connection ({@code Connection: close}): the server is shutting down. */
    default boolean draining() {
        return false;
    }

    /** Whether {@code CONNECT} opens a byte tunnel to the routed worker (the mesh); otherwise it is refused. */
    default boolean allowsTunnels() {
        return false;
    }
}
