package dev.rt.supervisor.cache;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import dev.rt.supervisor.proxy.transport.SmallHttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Where the mesh sends {@code http://rt.local/http-cache/invalidate}: HTTP/1.1 on 127.0.0.1 at a free port, on the
 * proxy's event loops, answered by {@link InvalidationHandler}. Workers never reach it directly; their mesh proxy
 * forwards to it. Bodies over 1 MiB are refused (413) and a connection idle for a minute is closed.
 */
public final class InvalidationServer implements AutoCloseable {
    private static final int MAX_REQUEST_BYTES = 1024 * 1024;

    private final SmallHttpServer server;

    private InvalidationServer(SmallHttpServer server) {
        this.server = server;
    }

    /**
     * Listens on 127.0.0.1 and invalidates entries of {@code cache}.
     *
     * @throws RtException {@code RT_MESH_LISTEN_FAILED} when no port can be bound
     */
    public static InvalidationServer start(ProxyEventLoops loops, HttpCache cache) {
        InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        return new InvalidationServer(SmallHttpServer.bind(loops, "rt-cache-invalidation-clients", loopback,
                MAX_REQUEST_BYTES, () -> new InvalidationHandler(cache),
                cause -> new RtException(ErrorCode.MESH_LISTEN_FAILED, "cannot listen on 127.0.0.1 for the HTTP "
                        + "cache's invalidations: " + cause.getMessage(), cause)));
    }

    public InetSocketAddress address() {
        return server.address();
    }

    @Override
    public void close() {
        server.close();
    }
}
