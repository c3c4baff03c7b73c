package dev.rt.supervisor.worker;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.OptionalInt;

/**
 * A snapshot of one worker for callers outside the supervisor loop (tests, status output).
 *
 * @param listenAddress the address its application's socket is bound to, an IP literal ({@code 127.0.0.1} by
 *                      default)
 * @param spare         a spare JVM, booted, its application not started, that takes over when a worker dies
 * @param command       its JVM's command line, {@code java} first
 * @param arguments     the arguments its application's {@code main} gets
 * @param uptimeMillis  how long its application has run (since it was let start), when the view was taken
 * @param unhealthy     whether its latest health check found it unhealthy (it is replaced after enough in a row)
 */
public record WorkerView(String serviceId, int index, long pid, OptionalInt port, WorkerState state,
        String listenAddress, boolean spare, List<String> command, List<String> arguments, long uptimeMillis,
        boolean unhealthy) {
    public WorkerView {
        command = List.copyOf(command);
        arguments = List.copyOf(arguments);
    }

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
