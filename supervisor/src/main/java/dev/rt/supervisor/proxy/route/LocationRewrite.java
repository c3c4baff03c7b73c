package dev.rt.supervisor.proxy.route;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;

/**
 * A response's {@code Location} seen through a routing table's prefix: a path that starts with the upstream prefix
 * gets the public prefix in its place ({@code /x} from a service mounted at {@code /movies} becomes
 * {@code /movies/x}); an absolute URL on the host the upstream was sent becomes that path, so that the client
 * follows it on the host it asked. Other URLs, and paths outside the upstream prefix, are left alone.
 */
final class LocationRewrite implements RouteTarget.ResponseRewrite {
    private final String prefix;
    private final String upstreamPrefix;

    LocationRewrite(String prefix, String upstreamPrefix) {
        this.prefix = prefix;
        this.upstreamPrefix = upstreamPrefix;
    }

    @Override
    public void rewrite(HttpResponse response, HttpRequest request) {
        String location = response.headers().get(HttpHeaderNames.LOCATION);
        if (location != null) {
            String rewritten = rewrite(location, request.headers().get(HttpHeaderNames.HOST));
            if (rewritten != location) {
                response.headers().set(HttpHeaderNames.LOCATION, rewritten);
            }
        }
    }

    /** The location the client gets; {@code location} itself when it stays. */
    String rewrite(String location, String upstreamHost) {
        String path = location;
        int schemeEnd = location.indexOf("://");
        if (schemeEnd > 0 && upstreamHost != null) {
            int pathStart = location.indexOf('/', schemeEnd + 3);
            String authority = location.substring(schemeEnd + 3, pathStart < 0 ? location.length() : pathStart);
            if (!authority.equalsIgnoreCase(upstreamHost)) {
                return location;
            }
            path = pathStart < 0 ? "/" : location.substring(pathStart);
        } else if (!location.startsWith("/") || location.startsWith("//")) {
            return location; // relative to the current path, or another host: right as it is
        }
        if (!upstreamPrefix.isEmpty()) {
            boolean under = path.startsWith(upstreamPrefix) && (path.length() == upstreamPrefix.length()
                    || "/?#".indexOf(path.charAt(upstreamPrefix.length())) >= 0);
            if (!under) {
                return location;
            }
            path = path.substring(upstreamPrefix.length());
        }
        String rewritten = prefix + path;
        return rewritten.isEmpty() || rewritten.charAt(0) != '/' ? "/" + rewritten : rewritten;
    }
}
