package dev.rt.supervisor.proxy.route;

import dev.rt.kind.routing.Target;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link RouteTarget} of each rule of a routing table, made once per table: a service's workers with the
 * {@code Host} the client sent, or an origin outside the runtime with its own authority as the {@code Host} (both
 * with the {@code X-Forwarded-*} marks of the entrypoint), and a {@link LocationRewrite} when the path changes.
 */
final class TableTargets {
    private TableTargets() {
    }

    static RouteTarget of(Target target, String prefix, String upstreamPrefix) {
        RouteTarget routed = target.origin().map(origin -> RouteTarget.origin(new Upstream(origin, 0,
                        InetSocketAddress.createUnresolved(originUri(origin).getHost(), port(originUri(origin))))))
                .orElseGet(() -> RouteTarget.service(target.serviceId()));
        return prefix.equals(upstreamPrefix) ? routed
                : routed.rewritingResponses(new LocationRewrite(prefix, upstreamPrefix));
    }

    /** {@code host:port} of an origin target, for the {@code Host} of its requests. */
    static Optional<String> originAuthority(Target target) {
        return target.origin().map(origin -> originUri(origin).getRawAuthority());
    }

    /** Sets the {@code Host} of a request to an origin; does nothing for {@code authority} null (a service). */
    static void originHost(HttpRequest request, String authority) {
        if (authority != null) {
            request.headers().set(HttpHeaderNames.HOST, authority);
        }
    }

    /** The methods, with {@code HEAD} when {@code GET} is one. */
    static Set<String> withHead(Set<String> methods) {
        Set<String> all = new HashSet<>(methods);
        if (all.contains("GET")) {
            all.add("HEAD");
        }
        return Set.copyOf(all);
    }

    private static URI originUri(String origin) {
        URI uri = URI.create(origin);
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("an origin is http://host[:port], found " + origin);
        }
        return uri;
    }

    private static int port(URI uri) {
        return uri.getPort() < 0 ? 80 : uri.getPort();
    }
}
