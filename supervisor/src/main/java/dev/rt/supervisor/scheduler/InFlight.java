package dev.rt.supervisor.scheduler;

import java.time.Duration;

/** How many runs are in progress, for the shutdown to wait until none is, within its grace. */
final class InFlight {
    private int count;

    synchronized void begin() {
        count++;
    }

    synchronized void end() {
        count--;
        notifyAll();
    }

    /** True when no run is in progress any more, waiting at most {@code grace}. */
    synchronized boolean awaitNone(Duration grace) throws InterruptedException {
        long deadline = System.nanoTime() + grace.toNanos();
        while (count > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }
}
