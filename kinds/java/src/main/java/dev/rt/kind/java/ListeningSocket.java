package dev.rt.kind.java;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Objects;

/** A TCP socket in LISTEN state: its port and the address it is bound to ({@code 0.0.0.0} or {@code ::}: every one). */
record ListeningSocket(int port, InetAddress address) {
    ListeningSocket {
        Objects.requireNonNull(address, "address");
    }

    /** Bound to every interface of the host, so reachable from other machines past rt's entrypoint. */
    boolean wildcard() {
        return address.isAnyLocalAddress();
    }

    /** The address as written in a URL authority without the port: {@code 127.0.0.1}, {@code ::}, {@code ::1}. */
    String host() {
        if (address instanceof Inet6Address) {
            return address.isAnyLocalAddress() ? "::" : address.isLoopbackAddress() ? "::1" : address.getHostAddress();
        }
        return address.getHostAddress();
    }

    @Override
    public String toString() {
        return (address instanceof Inet6Address ? "[" + host() + "]" : host()) + ":" + port;
    }
}
