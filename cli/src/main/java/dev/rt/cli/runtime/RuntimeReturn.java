package dev.rt.cli.runtime;

import dev.rt.supervisor.management.ManagementClient;
import java.io.IOException;
import java.time.Duration;

/**
 * What a follower of a runtime ({@code rt logs}, {@code rt admin}) does when the runtime's management connection ends:
 * a reload ({@code rt ctl reload}, the dashboard's button) restarts the runtime in the same process, whose new
 * management server answers on the same socket once it has started; a stop ends the process. This tells the two apart
 * by asking the socket for {@code /status} while the process lives.
 */
public final class RuntimeReturn {
    /** How long a reloading runtime may take to answer again before a follower gives up on it. */
    public static final Duration RELOAD = Duration.ofMinutes(5);
    private static final long ASK_EVERY_MILLIS = 250;

    private RuntimeReturn() {
    }

    /**
     * Waits, while the process {@code pid} lives and for at most {@code limit}, until {@code client}'s socket answers
     * that the runtime has started again. True when it has, false when the process ended (or the time ran out).
     */
    public static boolean await(long pid, ManagementClient client, Duration limit) {
        var process = ProcessHandle.of(pid);
        long deadline = System.nanoTime() + limit.toNanos();
        while (process.map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            try {
                if (client.getJson("/status").path("status").asText().equals("started")) {
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                // not back yet
            }
            try {
                Thread.sleep(ASK_EVERY_MILLIS); // another process: nothing to wait on but its answer
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }
}
