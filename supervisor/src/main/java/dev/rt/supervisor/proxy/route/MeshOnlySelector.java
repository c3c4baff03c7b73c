package dev.rt.supervisor.proxy.route;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The proxy selector of the supervisor's own HTTP clients (an access-token fetch, a kind's router reading documents
 * of other services): {@code *.rt.local} goes to the mesh proxy, everything else direct.
 */
public final class MeshOnlySelector extends ProxySelector {
    private final Supplier<InetSocketAddress> mesh;

    /** @param mesh the mesh proxy's address, read on each selection */
    public MeshOnlySelector(Supplier<InetSocketAddress> mesh) {
        this.mesh = mesh;
    }

    @Override
    public List<Proxy> select(URI uri) {
        String host = uri.getHost();
        if (host != null && host.toLowerCase(Locale.ROOT).endsWith(MeshRoute.SUFFIX)) {
            return List.of(new Proxy(Proxy.Type.HTTP, mesh.get()));
        }
        return List.of(Proxy.NO_PROXY);
    }

    @Override
    public void connectFailed(URI uri, SocketAddress address, IOException failure) {
        // the request fails, and its caller says why
    }
}
