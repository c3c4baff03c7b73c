package dev.rt.supervisor.proxy.route;

import dev.rt.auth.forward.IdentitySeal;
import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.AsciiString;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * Route of the public entrypoint: every request goes to one service with the {@code Host} the client asked for
 * (applications build their public links from it), marked with {@link ForwardedHeaders}: {@code X-Forwarded-For}
 * (the client address appended to any earlier hops), {@code X-Forwarded-Host} (that Host again) and
 * {@code X-Forwarded-Proto} ({@code http} or {@code https}). With a {@code basePath} such as
 * {@code /api}, {@code /api/x} goes on as {@code /x} and {@code /api} as {@code /}; any other path is answered
 * 404 as an application without that route would ({@link ProxyError#routeNotFound}). A request target in absolute form ({@code GET http://host/x}) goes on in origin
 * form ({@code /x}) with its host as the {@code Host} (RFC 9112, section 3.2.2: the target's host wins over the
 * header). Draining starts with {@link #beginDraining()} and never ends. A client's {@code X-RT-IDENTITY} is removed:
 * that header is the runtime's own (its scheduler's calls, a caller it forwards), sealed with a key only its
 * processes have.
 */
public final class EntrypointRoute implements ProxyRoute {
    private static final AsciiString SEALED_IDENTITY = AsciiString.cached(IdentitySeal.HEADER.toLowerCase(Locale.ROOT));
    private final RouteTarget target;
    private final String basePath;
    private final AsciiString scheme;
    private final EntrypointPolicy policy;
    private volatile boolean draining;

    /** {@code basePath}: "" for none, otherwise starting with a slash and without a trailing one. */
    public EntrypointRoute(String serviceId, String basePath, String scheme) {
        this(serviceId, basePath, scheme, EntrypointPolicy.NONE);
    }

    /** Like the constructor before, keeping the forwarded host and scheme of the proxies {@code policy} trusts. */
    public EntrypointRoute(String serviceId, String basePath, String scheme, EntrypointPolicy policy) {
        this.target = RouteTarget.service(serviceId);
        this.basePath = basePath;
        this.scheme = AsciiString.cached(scheme);
        this.policy = policy;
    }

    /** {@code /api/}, {@code api} and {@code /api} all mean {@code /api}; {@code /} and "" mean none. */
    public static String normalizeBasePath(String basePath) {
        String path = basePath.trim();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return path.isEmpty() || path.startsWith("/") ? path : "/" + path;
    }

    @Override
    public RouteTarget route(HttpRequest request, Channel client) {
        if (!request.uri().startsWith("/")) {
            toOriginForm(request);
        }
        String normalized = normalizedPath(request.uri());
        if (normalized == null) {
            throw new RouteRejectedException(ProxyError.badRequest("RT_BAD_REQUEST",
                    "The path " + request.uri() + " climbs above the root with \"..\""));
        }
        request.setUri(normalized);
        if (!basePath.isEmpty()) {
            request.setUri(stripBasePath(request));
        }
        HttpHeaders headers = request.headers();
        headers.remove(SEALED_IDENTITY); // only the runtime sets it: a client's, even a replayed one, never passes
        ForwardedHeaders.mark(headers, client, headers.get(HttpHeaderNames.HOST), scheme,
                policy.trustsForwarded(client));
        return target;
    }

    /** {@code http://user@host:8080/x?q} becomes {@code /x?q} with {@code Host: host:8080}; other forms stay. */
    public static void toOriginForm(HttpRequest request) {
        String uri = request.uri();
        int schemeEnd = uri.indexOf("://");
        String scheme = schemeEnd < 0 ? "" : uri.substring(0, schemeEnd);
        if (!scheme.equalsIgnoreCase("http") && !scheme.equalsIgnoreCase("https")) {
            return; // the asterisk form of OPTIONS, or not a URL the decoder let through: as sent
        }
        int authorityStart = schemeEnd + 3;
        int pathStart = authorityStart;
        while (pathStart < uri.length() && "/?#".indexOf(uri.charAt(pathStart)) < 0) {
            pathStart++;
        }
        int userInfoEnd = uri.lastIndexOf('@', pathStart - 1); // user@host: the host is what counts
        String authority = uri.substring(Math.max(authorityStart, userInfoEnd + 1), pathStart);
        String rest = uri.substring(pathStart);
        request.setUri(rest.startsWith("/") ? rest : "/" + rest);
        if (!authority.isEmpty()) {
            request.headers().set(HttpHeaderNames.HOST, authority);
        }
    }

    /**
     * The target with its path's dot segments resolved (RFC 3986 §5.2.4) and repeated slashes merged, as nginx
     * does, so that basePath and the worker judge the same path: {@code /api/../x} is {@code /x}, outside
     * {@code /api}, and {@code //x} is not taken for an authority. The query is left as it is. Null when
     * {@code ..} climbs above the root. The usual path, with neither, is returned as it is.
     */
    public static String normalizedPath(String uri) {
        int end = 0;
        boolean dotOrDoubleSlash = false; // one pass, no copy: this runs for every request
        for (; end < uri.length() && uri.charAt(end) != '?' && uri.charAt(end) != '#'; end++) {
            if (uri.charAt(end) == '/' && end + 1 < uri.length()
                    && (uri.charAt(end + 1) == '/' || uri.charAt(end + 1) == '.')) {
                dotOrDoubleSlash = true;
            }
        }
        if (!dotOrDoubleSlash || !uri.startsWith("/")) {
            return uri;
        }
        ArrayDeque<String> segments = new ArrayDeque<>();
        String[] parts = uri.substring(1, end).split("/", -1);
        boolean directory = false;
        for (String part : parts) {
            directory = part.isEmpty() || part.equals(".") || part.equals("..");
            if (part.equals("..")) {
                if (segments.pollLast() == null) {
                    return null;
                }
            } else if (!part.isEmpty() && !part.equals(".")) {
                segments.addLast(part);
            }
        }
        String joined = "/" + String.join("/", segments);
        return (directory && !segments.isEmpty() ? joined + "/" : joined) + uri.substring(end);
    }

    private String stripBasePath(HttpRequest request) {
        String uri = request.uri();
        int length = basePath.length();
        if (uri.startsWith(basePath)) {
            if (uri.length() == length) {
                return "/";
            }
            char next = uri.charAt(length);
            if (next == '/') {
                return uri.substring(length);
            }
            if (next == '?' || next == '#') {
                return "/" + uri.substring(length);
            }
        }
        throw new RouteRejectedException(ProxyError.routeNotFound(request.method().name(), uri));
    }

    public void beginDraining() {
        draining = true;
    }

    @Override
    public boolean draining() {
        return draining;
    }
}
