package dev.rt.agent;

import java.util.function.LongSupplier;

/**
 * The fraction of some capacity used between two samples, from a cumulative busy-nanoseconds counter:
 * {@code busy delta / (elapsed * capacity)}, clamped to [0, 1]. Used for request threads (ELU) and for the
 * process CPU time over all processors.
 */
final class Utilisation {
    private final LongSupplier busyNanos;
    private final int capacity;
    private final LongSupplier clock;
    private long lastBusy;
    private long lastAt;

    Utilisation(LongSupplier busyNanos, int capacity, LongSupplier nanoClock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, found " + capacity);
        }
        this.busyNanos = busyNanos;
        this.capacity = capacity;
        this.clock = nanoClock;
        this.lastBusy = busyNanos.getAsLong();
        this.lastAt = nanoClock.getAsLong();
    }

    /** The fraction used since the previous sample (or since construction). */
    synchronized double sample() {
        long now = clock.getAsLong();
        long busy = busyNanos.getAsLong();
        long elapsed = now - lastAt;
        double fraction = elapsed <= 0 ? 0 : (double) (busy - lastBusy) / ((double) elapsed * capacity);
        lastBusy = busy;
        lastAt = now;
        return Math.max(0, Math.min(1, fraction));
    }
}
