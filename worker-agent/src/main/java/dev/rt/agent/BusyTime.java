package dev.rt.agent;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Cumulative time that request threads have spent handling requests, counting requests still in flight up
 * to now, so that a long request shows up in every interval it spans rather than all at once at its end.
 */
final class BusyTime {
    private final LongSupplier clock;
    private long completedNanos;
    private int inFlight;
    private long inFlightStartSum;

    BusyTime(LongSupplier nanoClock) {
        this.clock = nanoClock;
    }

    /** Marks the start of a request; pass the result to {@link #end}. */
    synchronized long begin() {
        long now = clock.getAsLong();
        inFlight++;
        inFlightStartSum += now;
        return now;
    }

    synchronized void end(long startedAt) {
        inFlight--;
        inFlightStartSum -= startedAt;
        completedNanos += clock.getAsLong() - startedAt;
        if (inFlight == 0) {
            notifyAll();
        }
    }

    /** Busy nanoseconds so far, over all threads. */
    synchronized long totalNanos() {
        return completedNanos + inFlight * clock.getAsLong() - inFlightStartSum;
    }

    synchronized int inFlight() {
        return inFlight;
    }

    /** Waits until no request is in flight; false when {@code timeout} passed first. */
    synchronized boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (inFlight > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }
}
