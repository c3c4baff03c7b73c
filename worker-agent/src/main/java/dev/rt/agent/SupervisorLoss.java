package dev.rt.agent;

import dev.rt.protocol.Protocol;
import java.time.Duration;

/**
 * Ends a worker whose supervisor has gone, so that no orphan keeps serving: one line on stderr, then exit
 * {@link Protocol#EXIT_SUPERVISOR_GONE}, killing itself if the JVM has not exited within the grace.
 */
final class SupervisorLoss {
    static final Duration EXIT_GRACE = Duration.ofMillis(1000);

    private final String workerName;
    private final ProcessExit exit;

    SupervisorLoss(String workerName, ProcessExit exit) {
        this.workerName = workerName;
        this.exit = exit;
    }

    /** Never returns. */
    void exit() {
        System.err.println("rt worker " + workerName + ": lost the supervisor connection, exiting");
        exit.exitWithin(Protocol.EXIT_SUPERVISOR_GONE, EXIT_GRACE);
    }
}
