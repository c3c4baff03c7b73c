package dev.rt.supervisor.proxy;

import java.net.InetSocketAddress;

/** One started worker that can take requests: {@code serviceId:workerIndex} listening at {@code address}. */
public record Upstream(String serviceId, int workerIndex, InetSocketAddress address) {
    public String label() {
        return serviceId + ":" + workerIndex;
    }
}
