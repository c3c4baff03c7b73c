package dev.rt.supervisor.proxy.route;

import dev.rt.kind.mesh.MeshHost;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * {@code http://rt.local}, the runtime's own name in the mesh: no service has it (a service is
 * {@code <id>.rt.local}, and an id has no dot). It serves {@code POST /http-cache/invalidate}, so that an application
 * with any HTTP client invalidates the HTTP cache: the mesh forwards it to the cache's invalidation server. Without
 * {@code httpCache} the mesh answers 404 {@code RT_HTTP_CACHE_DISABLED} itself.
 */
public final class RuntimeHost {
    static final String HOST = MeshHost.RUNTIME;
    static final String ORIGIN = "http://" + HOST;
    static final RuntimeHost NONE = new RuntimeHost(Optional.empty());

    private final Optional<InetSocketAddress> invalidation;

    /** @param invalidation where the HTTP cache takes invalidations; empty without {@code httpCache} */
    public RuntimeHost(Optional<InetSocketAddress> invalidation) {
        this.invalidation = invalidation;
    }

    static boolean names(String host) {
        return host.equalsIgnoreCase(HOST);
    }

    /** Where a request to {@code rt.local} goes. */
    RouteTarget route(HttpRequest request) {
        if (HttpMethod.CONNECT.equals(request.method())) {
            throw new RouteRejectedException("RT_MESH_INVALID_TARGET", "The mesh proxy opens no tunnel to "
                    + HOST + ": it serves POST " + ORIGIN + "/http-cache/invalidate only");
        }
        if (invalidation.isEmpty()) {
            return RouteTarget.answer(ORIGIN, new ProxyError(HttpResponseStatus.NOT_FOUND, "RT_HTTP_CACHE_DISABLED",
                    "The runtime has no HTTP cache (httpCache is not configured): " + ORIGIN
                            + " has nothing to invalidate"));
        }
        request.headers().set(HttpHeaderNames.HOST, HOST);
        return RouteTarget.origin(new Upstream(ORIGIN, 0, invalidation.get()));
    }
}
