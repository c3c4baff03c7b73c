package dev.rt.supervisor.worker;

import java.time.Duration;

/**
 * The delay before restarting a worker of one service, so that a crash loop cannot burn the CPU with JVM
 * starts. A worker that ran at least {@link #STABLE} before it died is restarted after the configured delay,
 * and so is the first one that dies sooner. Each further worker in a row that dies within {@link #STABLE} of
 * its launch doubles the wait, starting at {@link #FLOOR} (or the configured delay, when longer), up to
 * {@link #CAP} (or the configured delay, when longer). One worker that stays up {@link #STABLE} resets it.
 *
 * <p>So in production (configured delay 0) a crash-looping service restarts at once, then after 100 ms,
 * 200 ms, 400 ms ... 6.4 s, then every 10 s: about one JVM start per 10 s instead of one per start time.
 */
final class Backoff {
    static final Duration FLOOR = Duration.ofMillis(100);
    static final Duration CAP = Duration.ofSeconds(10);
    static final Duration STABLE = Duration.ofSeconds(10);
    private static final int MAX_SHIFT = 20;

    private final Duration base;
    private int quickDeaths;

    Backoff(Duration base) {
        if (base.isNegative()) {
            throw new IllegalArgumentException("a restart delay cannot be negative, found " + base);
        }
        this.base = base;
    }

    /** The wait before the next restart, given how long the worker that died had run since its launch. */
    Duration next(Duration uptime) {
        quickDeaths = uptime.compareTo(STABLE) >= 0 ? 0 : quickDeaths + 1;
        if (quickDeaths <= 1) {
            return base;
        }
        long first = Math.max(FLOOR.toMillis(), base.toMillis());
        long cap = Math.max(CAP.toMillis(), base.toMillis());
        int shift = Math.min(quickDeaths - 2, MAX_SHIFT);
        return Duration.ofMillis(Math.min(cap, first << shift));
    }
}
