package dev.rt.kind.java;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Finds the port a wrapped application listens on: a TCP port this process starts listening on after the
 * adoption begins (ports open before, such as a debugger's, are ignored), preferring the offered {@code PORT}.
 * Without Linux's /proc tables it can only see whether the offered port accepts connections.
 */
final class PortAdoption {
    private static final int PROBE_TIMEOUT_MILLIS = 100;

    private final Set<Integer> before;
    private final OptionalInt offered;

    private PortAdoption(Set<Integer> before, OptionalInt offered) {
        this.before = before;
        this.offered = offered;
    }

    /** Records the ports already listening; call before the application starts. */
    static PortAdoption begin(OptionalInt offered) {
        return new PortAdoption(Set.copyOf(listening()), offered);
    }

    /** The application's port, if it listens yet. */
    OptionalInt poll() {
        if (ListeningPorts.available()) {
            return choose(listening(), before, offered);
        }
        if (offered.isPresent() && accepts(offered.getAsInt())) {
            return offered;
        }
        return OptionalInt.empty();
    }

    static OptionalInt choose(List<Integer> listening, Set<Integer> before, OptionalInt offered) {
        List<Integer> fresh = listening.stream().filter(port -> !before.contains(port)).toList();
        if (offered.isPresent() && fresh.contains(offered.getAsInt())) {
            return offered;
        }
        return fresh.isEmpty() ? OptionalInt.empty() : OptionalInt.of(fresh.get(0));
    }

    private static List<Integer> listening() {
        try {
            return ListeningPorts.available() ? ListeningPorts.ofThisProcess() : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), PROBE_TIMEOUT_MILLIS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
