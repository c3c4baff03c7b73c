package dev.rt.agent;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
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

    /**
     * Like {@link #exit}, but kills the JVM if it has not exited within {@code grace}. Neither
     * {@code System.exit} nor {@code Runtime.halt} is bounded: HotSpot's exit waits for threads in native
     * code, up to 10 s while a JIT compiler thread is busy. SIGKILL to itself is carried out by the kernel.
     */
    void exitWithin(int status, Duration grace) {
        if (exiting.compareAndSet(false, true)) {
            long deadline = System.nanoTime() + grace.toNanos();
            Thread watchdog = new Thread(() -> {
                for (long left = grace.toNanos(); left > 0; left = deadline - System.nanoTime()) {
                    LockSupport.parkNanos(left);
                }
                killSelf(status);
            }, "rt-agent-exit-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
            System.exit(status);
        }
        parkForever();
    }

    private static void killSelf(int status) {
        try {
            new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid()))
                    .redirectErrorStream(true).start().waitFor(500, TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // no kill command: halting is the next best thing
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Runtime.getRuntime().halt(status);
    }

    private static void parkForever() {
        while (true) {
            LockSupport.park();
        }
    }
}
