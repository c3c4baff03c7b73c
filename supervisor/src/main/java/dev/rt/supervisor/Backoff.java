package dev.rt.supervisor;

import java.time.Duration;

/**
 * Delay before restarting a worker that keeps dying. The first restart waits the configured delay; each
 * further failure within {@link #STABLE} of the previous restart doubles the wait, from {@link #FLOOR} up
 * to {@link #CAP}. A worker that stayed up for {@link #STABLE} starts again from the configured delay.
 */
final class Backoff {
    static final Duration FLOOR = Duration.ofMillis(100);
    static final Duration CAP = Duration.ofSeconds(10);
    static final Duration STABLE = Duration.ofSeconds(30);

    private final Duration base;
    private int failures;
    private long lastRestartNanos = Long.MIN_VALUE;

    Backoff(Duration base) {
        this.base = base;
    }

    /** The wait before the next restart, given the time now. */
    Duration next(long nowNanos) {
        boolean stable = lastRestartNanos == Long.MIN_VALUE || nowNanos - lastRestartNanos >= STABLE.toNanos();
        failures = stable ? 0 : failures + 1;
        lastRestartNanos = nowNanos;
        if (failures == 0) {
            return base;
        }
        long millis = Math.max(FLOOR.toMillis(), base.toMillis()) << Math.min(failures - 1, 20);
        return Duration.ofMillis(Math.min(millis, CAP.toMillis()));
    }
}
