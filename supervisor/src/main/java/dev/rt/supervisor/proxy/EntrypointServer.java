package dev.rt.supervisor.proxy;

import dev.rt.protocol.RtException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * The public HTTP/1.1 server of the entrypoint service: every request goes to the service's next started
 * worker, with {@code X-Forwarded-For}, {@code X-Forwarded-Host} and {@code X-Forwarded-Proto} added.
 * Shutting down is two steps: {@link #beginShutdown()} makes every response end its connection, and
 * {@link #close(Duration)} stops accepting and lets requests in flight finish within the grace period.
 */
public final class EntrypointServer implements AutoCloseable {
    private final EntrypointRoute route;
    private final ProxyServer server;

    public EntrypointServer(ProxyEventLoops loops, UpstreamSelector upstreams, String serviceId) {
        this.route = new EntrypointRoute(serviceId);
        this.server = new ProxyServer(loops, route, upstreams, 0);
    }

    /**
     * Listens on {@code hostname:port} (port 0 picks a free port) and returns the bound address.
     *
     * @throws RtException {@code RT_PORT_IN_USE} when the port is taken, {@code RT_SERVER_LISTEN_FAILED} when
     *     the host does not resolve or the socket cannot be bound otherwise
     */
    public InetSocketAddress bind(String hostname, int port) {
        String where = hostname + ":" + port;
        InetSocketAddress address = new InetSocketAddress(hostname, port);
        if (address.isUnresolved()) {
            throw new RtException("RT_SERVER_LISTEN_FAILED", "cannot listen on " + where + ": the host name \""
                    + hostname + "\" does not resolve to an address (check server.hostname)");
        }
        try {
            return server.bind(address);
        } catch (ProxyServer.BindFailedException e) {
            Throwable cause = e.getCause();
            if (cause instanceof BindException || String.valueOf(cause.getMessage()).contains("already in use")) {
                throw new RtException("RT_PORT_IN_USE", "cannot listen on " + where + ": the address is already in use"
                        + " (stop the program that holds it, or set server.port)", cause);
            }
            throw new RtException("RT_SERVER_LISTEN_FAILED", "cannot listen on " + where + ": " + cause.getMessage()
                    + " (check server.hostname and server.port)", cause);
        }
    }

    /** From now on every response carries {@code Connection: close} and its connection closes after it. */
    public void beginShutdown() {
        route.beginDraining();
    }

    /**
     * Stops accepting at once, closes idle connections, lets requests in flight finish for up to
     * {@code grace}, then closes every connection that remains. Blocks until done, so it is not
     * called on one of the event loops.
     */
    public void close(Duration grace) {
        route.beginDraining();
        server.close(grace);
    }

    /** Closes without a grace period. */
    @Override
    public void close() {
        close(Duration.ZERO);
    }
}
