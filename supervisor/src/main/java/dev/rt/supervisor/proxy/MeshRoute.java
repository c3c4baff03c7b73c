package dev.rt.supervisor.proxy;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import java.util.List;
import java.util.Locale;

/**
 * Route of the mesh proxy: {@code GET http://b.rt.local/path?q} (absolute form, as clients send to an HTTP
 * proxy) or {@code GET /path?q} with {@code Host: b.rt.local[:port]} goes to service {@code b}, sent
 * upstream as {@code GET /path?q} with {@code Host: b.rt.local}. The suffix and the id match without
 * regard to case; any other host is rejected.
 */
final class MeshRoute implements ProxyRoute {
    static final String SUFFIX = ".rt.local";
    private static final String HTTP_SCHEME = "http://";

    private final UpstreamSelector upstreams;

    MeshRoute(UpstreamSelector upstreams) {
        this.upstreams = upstreams;
    }

    @Override
    public boolean allowsTunnels() {
        return true;
    }

    @Override
    public RouteTarget route(HttpRequest request, Channel client) {
        String uri = request.uri();
        String authority;
        if (HttpMethod.CONNECT.equals(request.method())) {
            authority = uri; // CONNECT b.rt.local:80
        } else if (uri.regionMatches(true, 0, HTTP_SCHEME, 0, HTTP_SCHEME.length())) {
            int end = endOfAuthority(uri);
            authority = uri.substring(HTTP_SCHEME.length(), end);
            request.setUri(end == uri.length() || uri.charAt(end) != '/' ? "/" + uri.substring(end) : uri.substring(end));
        } else if (uri.startsWith("/")) {
            authority = request.headers().get(HttpHeaderNames.HOST, "");
        } else {
            throw rejected("\"" + uri + "\"");
        }
        String host = hostOf(authority);
        if (host.length() <= SUFFIX.length() || !host.regionMatches(true, host.length() - SUFFIX.length(),
                SUFFIX, 0, SUFFIX.length())) {
            throw rejected("host \"" + host + "\"");
        }
        String serviceId = known(host.substring(0, host.length() - SUFFIX.length()));
        request.headers().set(HttpHeaderNames.HOST, serviceId + SUFFIX);
        return RouteTarget.service(serviceId);
    }

    private static int endOfAuthority(String uri) {
        for (int i = HTTP_SCHEME.length(); i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == '/' || c == '?' || c == '#') {
                return i;
            }
        }
        return uri.length();
    }

    private static String hostOf(String authority) {
        int at = authority.lastIndexOf('@');
        String hostPort = at < 0 ? authority : authority.substring(at + 1);
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 || hostPort.indexOf(']') > colon ? hostPort : hostPort.substring(0, colon);
    }

    /** The configured spelling of the id when it differs only in case; the id as given otherwise. */
    private String known(String id) {
        List<String> ids = upstreams.serviceIds();
        for (int i = 0; i < ids.size(); i++) {
            if (ids.get(i).equalsIgnoreCase(id)) {
                return ids.get(i);
            }
        }
        return id.toLowerCase(Locale.ROOT);
    }

    private static RouteRejectedException rejected(String what) {
        return new RouteRejectedException("RT_MESH_INVALID_TARGET", "The mesh proxy only routes "
                + "http://<service id>" + SUFFIX + "/..., found " + what + " (call another service as http://<id>"
                + SUFFIX + ")");
    }
}
