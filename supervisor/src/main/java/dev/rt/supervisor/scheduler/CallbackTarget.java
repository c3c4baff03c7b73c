package dev.rt.supervisor.scheduler;

import dev.rt.kind.mesh.MeshHost;
import java.net.URI;

/**
 * Where a job's call goes: the host and port a connection opens to (the mesh proxy's for {@code http://<id>.rt.local}
 * URLs, like a worker's calls), whether it speaks TLS, the request's target and {@code Host} header, and whether it
 * is one of the runtime's services (through the mesh).
 */
record CallbackTarget(Address address, String requestTarget, String hostHeader, boolean mesh) {
    private static final String MESH_SUFFIX = MeshHost.SUFFIX;

    /** A connection's end: connections are pooled per address. */
    record Address(String host, int port, boolean tls) {
    }

    static CallbackTarget of(String url, int meshPort) {
        URI uri = URI.create(url);
        boolean tls = "https".equalsIgnoreCase(uri.getScheme());
        String host = uri.getHost();
        int port = uri.getPort() != -1 ? uri.getPort() : tls ? 443 : 80;
        String hostHeader = uri.getPort() == -1 ? host : host + ":" + port;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String origin = path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        if (!tls && host.endsWith(MESH_SUFFIX)) {
            // through the mesh as through an HTTP proxy: the absolute URL as the request's target
            return new CallbackTarget(new Address("127.0.0.1", meshPort, false), "http://" + hostHeader + origin,
                    hostHeader, true);
        }
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return new CallbackTarget(new Address(bare, port, tls), origin, hostHeader, false);
    }
}
