package dev.rt.supervisor.proxy;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpRequest;

/**
 * How a proxy server picks the service of a request and rewrites the request for it. Called on the
 * client connection's event loop for every request head, after the hop-by-hop headers are removed.
 */
interface ProxyRoute {

    /**
     * Rewrites {@code request} in place for the upstream and returns the id of the service it goes to.
     *
     * @throws RouteRejectedException when the request names no service this route serves (answered with 400)
     */
    String route(HttpRequest request, Channel client);

    /** Whether responses now end their connection ({@code Connection: close}): the server is shutting down. */
    default boolean draining() {
        return false;
    }
}
