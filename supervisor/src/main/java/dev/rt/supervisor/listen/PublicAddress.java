package dev.rt.supervisor.listen;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.net.BindException;
import java.net.InetSocketAddress;

/**
 * The public port's address and the errors of binding it, one wording for both ways of serving it: the proxied
 * entrypoint's server and the direct entrypoint's socket handed to workers.
 */
public final class PublicAddress {
    private PublicAddress() {
    }

    /** @throws RtException {@code RT_SERVER_LISTEN_FAILED} when the host name does not resolve */
    public static InetSocketAddress resolve(String hostname, int port) {
        InetSocketAddress address = new InetSocketAddress(hostname, port);
        if (address.isUnresolved()) {
            throw new RtException(ErrorCode.SERVER_LISTEN_FAILED, "cannot listen on " + hostname + ":" + port
                    + ": the host name \"" + hostname + "\" does not resolve to an address (check server.hostname)");
        }
        return address;
    }

    /** {@code RT_PORT_IN_USE} when the port is taken, {@code RT_SERVER_LISTEN_FAILED} for any other cause. */
    public static RtException bindFailure(InetSocketAddress address, Throwable cause) {
        String where = address.getHostString() + ":" + address.getPort();
        if (cause instanceof BindException || String.valueOf(cause.getMessage()).contains("already in use")) {
            return new RtException(ErrorCode.PORT_IN_USE, "cannot listen on " + where + ": the address is already in use"
                    + " (stop the program that holds it, or set server.port)", cause);
        }
        return new RtException(ErrorCode.SERVER_LISTEN_FAILED, "cannot listen on " + where + ": " + cause.getMessage()
                + " (check server.hostname and server.port)", cause);
    }
}
