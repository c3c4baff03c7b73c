package dev.rt.agent;

import dev.rt.kind.mesh.MeshHost;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Sends {@code http://<service>.rt.local} (and {@code ws://}) through the supervisor's mesh proxy on
 * 127.0.0.1, and everything else to the selector that was the default before. Clients that consult the
 * default {@link ProxySelector} (the JDK {@code HttpClient}, {@code HttpURLConnection}) then reach other
 * services by name without resolving {@code .rt.local} in DNS. Requests to the {@code origins} the supervisor
 * names ({@code http://host[:port]}, those of an {@code undici} token interceptor) go through the mesh too,
 * which adds the bearer token on the way. {@code http://rt.local}, the runtime's own name in the mesh (where an
 * application invalidates the HTTP cache), goes through the mesh too.
 */
final class MeshProxySelector extends ProxySelector {
    static final String MESH_DOMAIN = MeshHost.SUFFIX;
    static final String RUNTIME_HOST = MeshHost.RUNTIME;

    private final ProxySelector previous;
    private final List<Proxy> mesh;
    private final Set<String> origins;

    MeshProxySelector(ProxySelector previous, int meshProxyPort) {
        this(previous, meshProxyPort, List.of());
    }

    MeshProxySelector(ProxySelector previous, int meshProxyPort, List<String> origins) {
        this.previous = Objects.requireNonNull(previous, "previous");
        this.mesh = List.of(new Proxy(Proxy.Type.HTTP,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), meshProxyPort)));
        Set<String> normalized = new HashSet<>();
        for (String origin : origins) {
            normalized.add(origin(URI.create(origin)));
        }
        this.origins = Set.copyOf(normalized);
    }

    /** Makes a mesh selector the JVM default, in front of the current default (or of no proxy at all). */
    static MeshProxySelector install(int meshProxyPort) {
        return install(meshProxyPort, List.of());
    }

    /** Like {@link #install(int)}, also sending requests to {@code origins} through the mesh. */
    static MeshProxySelector install(int meshProxyPort, List<String> origins) {
        ProxySelector current = ProxySelector.getDefault();
        MeshProxySelector selector = new MeshProxySelector(current == null ? ProxySelector.of(null) : current,
                meshProxyPort, origins);
        ProxySelector.setDefault(selector);
        return selector;
    }

    /** {@code http://host:port} in lower case with the default port spelled out; "" when not plain HTTP. */
    private static String origin(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") || uri.getHost() == null) {
            return "";
        }
        return "http://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + (uri.getPort() < 0 ? 80 : uri.getPort());
    }

    static boolean isMeshUri(URI uri) {
        String host = uri.getHost();
        String scheme = uri.getScheme();
        if (host == null || scheme == null) {
            return false;
        }
        String lowerScheme = scheme.toLowerCase(Locale.ROOT);
        String lowerHost = host.toLowerCase(Locale.ROOT);
        return (lowerScheme.equals("http") || lowerScheme.equals("ws"))
                && (lowerHost.endsWith(MESH_DOMAIN) || lowerHost.equals(RUNTIME_HOST));
    }

    @Override
    public List<Proxy> select(URI uri) {
        Objects.requireNonNull(uri, "uri");
        return isMeshUri(uri) || (!origins.isEmpty() && origins.contains(origin(uri))) ? mesh : previous.select(uri);
    }

    @Override
    public void connectFailed(URI uri, SocketAddress address, IOException failure) {
        previous.connectFailed(uri, address, failure);
    }
}
