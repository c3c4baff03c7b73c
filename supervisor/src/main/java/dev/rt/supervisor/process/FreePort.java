package dev.rt.supervisor.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** A TCP port on the loopback interface that was free a moment ago, handed to wrapped applications as PORT. */
public final class FreePort {
    private FreePort() {
    }

    public static int pick() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on the loopback interface", e);
        }
    }
}
