package dev.rt.supervisor.worker;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.OptionalInt;

/**
 * A snapshot of one worker for callers outside the supervisor loop (tests, status output).
 *
 * @param listenAddress the address its application's socket is bound to, an IP literal ({@code 127.0.0.1} by
 *                      default)
 */
public record WorkerView(String serviceId, int index, long pid, OptionalInt port, WorkerState state,
        String listenAddress) {
    public String label() {
        return serviceId + ":" + index;
    }

    /** Whether its application listens on every interface ({@code 0.0.0.0}, {@code ::}), past rt's entrypoint. */
    public boolean listensOnEveryInterface() {
        try {
            return InetAddress.getByName(listenAddress).isAnyLocalAddress(); // an IP literal: no lookup
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }
}
