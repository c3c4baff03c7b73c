package dev.rt.supervisor.proxy.route;

import java.net.Inet6Address;
import java.net.InetSocketAddress;

/** One started worker that can take requests: {@code serviceId:workerIndex} listening at {@code address}. */
public record Upstream(String serviceId, int workerIndex, InetSocketAddress address) {
    public String label() {
        return serviceId + ":" + workerIndex;
    }

    /** The address as a {@code Host} header names it: {@code 127.0.0.1:3001}, {@code [::1]:3001}. */
    public String authority() {
        String host = address.getAddress() == null ? address.getHostString() : address.getAddress().getHostAddress();
        return (address.getAddress() instanceof Inet6Address ? "[" + host + "]" : host) + ":" + address.getPort();
    }
}
