package dev.rt.supervisor.proxy.route;

import dev.rt.kind.mesh.MeshHost;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Route of the mesh proxy: {@code GET http://b.rt.local/path?q} (absolute form, as clients send to an HTTP
 * proxy) or {@code GET /path?q} with {@code Host: b.rt.local[:port]} goes to service {@code b}, sent
 * upstream as {@code GET /path?q}. Its {@code Host} is the address of the worker it reaches
 * ({@code 127.0.0.1:<port>}, set when the worker is chosen), or {@code b.rt.local} for the services listed as
 * keeping their mesh name ({@code meshHostHeader: "service"}); {@link ForwardedHeaders} marks it with
 * {@code X-Forwarded-Host: b.rt.local} and {@code X-Forwarded-Proto: http}. The suffix and the id match without
 * regard to case. With a token interceptor, requests to its origins (a service here, or a plain-HTTP host
 * outside the runtime, reached directly, with its own {@code Host} and no marks) carry its bearer token. The
 * plain-HTTP origins outside the runtime that the HTTP cache serves go on the same way, without a token.
 * {@code rt.local}, the runtime's own name, is a {@link RuntimeHost}. Any other host is rejected.
 */
public final class MeshRoute implements ProxyRoute {
    public static final String SUFFIX = MeshHost.SUFFIX;
    private static final String HTTP_SCHEME = "http://";

    private final UpstreamSelector upstreams;
    private final List<TokenInterceptor> interceptors;
    private final Set<String> keepMeshName;
    private final Set<String> outside;
    private final RuntimeHost runtimeHost;

    public MeshRoute(UpstreamSelector upstreams) {
        this(upstreams, List.of(), Set.of());
    }

    public MeshRoute(UpstreamSelector upstreams, List<TokenInterceptor> interceptors, Set<String> keepMeshName) {
        this(upstreams, interceptors, keepMeshName, Set.of());
    }

    /**
     * @param keepMeshName ids of the services whose workers receive {@code Host: <id>.rt.local}; the others
     *     receive their own address
     * @param outside origins outside the runtime ({@code http://host:port}) routed even without a token interceptor
     */
    public MeshRoute(UpstreamSelector upstreams, List<TokenInterceptor> interceptors, Set<String> keepMeshName,
            Set<String> outside) {
        this(upstreams, interceptors, keepMeshName, outside, RuntimeHost.NONE);
    }

    /** @param runtimeHost what {@code http://rt.local} serves */
    public MeshRoute(UpstreamSelector upstreams, List<TokenInterceptor> interceptors, Set<String> keepMeshName,
            Set<String> outside, RuntimeHost runtimeHost) {
        this.runtimeHost = runtimeHost;
        this.upstreams = upstreams;
        this.interceptors = List.copyOf(interceptors);
        this.keepMeshName = Set.copyOf(keepMeshName);
        this.outside = Set.copyOf(outside);
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
        if (RuntimeHost.names(host)) {
            return runtimeHost.route(request);
        }
        boolean mesh = host.length() > SUFFIX.length() && host.regionMatches(true, host.length() - SUFFIX.length(),
                SUFFIX, 0, SUFFIX.length());
        TokenInterceptor interceptor = interceptors.isEmpty() || HttpMethod.CONNECT.equals(request.method())
                || isTokenFetch(request) ? null : interceptorFor(TokenInterceptor.origin("http", host, portOf(authority)));
        RouteTarget target;
        if (mesh) {
            String serviceId = known(host.substring(0, host.length() - SUFFIX.length()));
            String meshName = serviceId + SUFFIX;
            request.headers().set(HttpHeaderNames.HOST, meshName);
            ForwardedHeaders.mark(request.headers(), client, meshName, ForwardedHeaders.HTTP);
            target = keepMeshName.contains(serviceId) ? RouteTarget.service(serviceId)
                    : RouteTarget.serviceWithWorkerHost(serviceId);
        } else if (interceptor != null || routedOutside(request, host, authority)) {
            String origin = TokenInterceptor.origin("http", host, portOf(authority));
            request.headers().set(HttpHeaderNames.HOST, authority.substring(authority.lastIndexOf('@') + 1));
            target = RouteTarget.origin(new Upstream(origin, 0,
                    InetSocketAddress.createUnresolved(unbracketed(host), portOf(authority))));
        } else {
            throw rejected("host \"" + host + "\"");
        }
        return interceptor == null ? target : target.authorizedBy(interceptor.tokens().authorization());
    }

    private boolean routedOutside(HttpRequest request, String host, String authority) {
        return !outside.isEmpty() && !HttpMethod.CONNECT.equals(request.method())
                && outside.contains(TokenInterceptor.origin("http", host, portOf(authority)));
    }

    /** The supervisor's own request for a token: it goes on without one, and without its mark. */
    private static boolean isTokenFetch(HttpRequest request) {
        String mark = request.headers().get(AccessTokens.FETCH_HEADER);
        if (mark == null) {
            return false;
        }
        request.headers().remove(AccessTokens.FETCH_HEADER);
        return mark.equals(AccessTokens.FETCH_MARK);
    }

    private TokenInterceptor interceptorFor(String origin) {
        for (int i = 0; i < interceptors.size(); i++) {
            if (interceptors.get(i).covers(origin)) {
                return interceptors.get(i);
            }
        }
        return null;
    }

    private static int portOf(String authority) {
        int at = authority.lastIndexOf('@');
        String hostPort = at < 0 ? authority : authority.substring(at + 1);
        int colon = hostPort.lastIndexOf(':');
        if (colon < 0 || hostPort.indexOf(']') > colon) {
            return 80;
        }
        try {
            return Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw rejected("port \"" + hostPort.substring(colon + 1) + "\"");
        }
    }

    private static String unbracketed(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
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
