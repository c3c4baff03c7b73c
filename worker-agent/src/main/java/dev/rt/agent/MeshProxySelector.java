package dev.rt.agent;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Sends {@code http://<service>.rt.local} (and {@code ws://}) through the supervisor's mesh proxy on
 * 127.0.0.1, and everything else to the selector that was the default before. Clients that consult the
 * default {@link ProxySelector} (the JDK {@code HttpClient}, {@code HttpURLConnection}) then reach other
 * services by name without resolving {@code .rt.local} in DNS.
 */
final class MeshProxySelector extends ProxySelector {
    static final String MESH_DOMAIN = ".rt.local";

    private final ProxySelector previous;
    private final List<Proxy> mesh;

    MeshProxySelector(ProxySelector previous, int meshProxyPort) {
        this.previous = Objects.requireNonNull(previous, "previous");
        this.mesh = List.of(new Proxy(Proxy.Type.HTTP,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), meshProxyPort)));
    }

    /** Makes a mesh selector the JVM default, in front of the current default (or of no proxy at all). */
    static MeshProxySelector install(int meshProxyPort) {
        ProxySelector current = ProxySelector.getDefault();
        MeshProxySelector selector = new MeshProxySelector(current == null ? ProxySelector.of(null) : current,
                meshProxyPort);
        ProxySelector.setDefault(selector);
        return selector;
    }

    static boolean isMeshUri(URI uri) {
        String host = uri.getHost();
        String scheme = uri.getScheme();
        if (host == null || scheme == null) {
            return false;
        }
        String lowerScheme = scheme.toLowerCase(Locale.ROOT);
        return (lowerScheme.equals("http") || lowerScheme.equals("ws"))
                && host.toLowerCase(Locale.ROOT).endsWith(MESH_DOMAIN);
    }

    @Override
    public List<Proxy> select(URI uri) {
        Objects.requireNonNull(uri, "uri");
        return isMeshUri(uri) ? mesh : previous.select(uri);
    }

    @Override
    public void connectFailed(URI uri, SocketAddress address, IOException failure) {
        previous.connectFailed(uri, address, failure);
    }
}
