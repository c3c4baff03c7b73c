package dev.rt.agent;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * The one way the agent ends its JVM. The first caller's status wins; later callers park while the JVM
 * exits, so a lost connection noticed during a stop cannot turn exit 0 into exit 22.
 */
final class ProcessExit {
    private final AtomicBoolean exiting = new AtomicBoolean();

    /** Runs shutdown hooks and exits with {@code status}; never returns. */
    void exit(int status) {
        if (exiting.compareAndSet(false, true)) {
            System.exit(status);
        }
        parkForever();
    }

    /** Like {@link #exit}, but halts with {@code status} if the shutdown hooks take longer than {@code grace}. */
    void exitWithin(int status, Duration grace) {
        if (exiting.compareAndSet(false, true)) {
            long deadline = System.nanoTime() + grace.toNanos();
            Thread watchdog = new Thread(() -> {
                for (long left = grace.toNanos(); left > 0; left = deadline - System.nanoTime()) {
                    LockSupport.parkNanos(left);
                }
                Runtime.getRuntime().halt(status);
            }, "rt-agent-exit-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
            System.exit(status);
        }
        parkForever();
    }

    private static void parkForever() {
        while (true) {
            LockSupport.park();
        }
    }
}
