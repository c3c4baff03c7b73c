package dev.rt.kind;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The time a pool of request-handling threads has spent busy, for the worker's ELU: a kind calls {@link #begin}
 * when a thread takes up a request and {@link #end} when it lets go. Requests still in flight count up to now,
 * so that a long request shows in every interval it spans rather than all at once at its end. Thread-safe.
 */
public final class BusyTime {
    private final int threads;
    private final LongSupplier clock;
    private long completedNanos;
    private int inFlight;
    private long inFlightStartSum;

    /** @param threads how many threads handle requests: a fraction of 1 means all of them busy all the time */
    public BusyTime(int threads) {
        this(threads, System::nanoTime);
    }

    /** @param nanoClock a clock like {@link System#nanoTime()}, for tests */
    public BusyTime(int threads, LongSupplier nanoClock) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, found " + threads);
        }
        this.threads = threads;
        this.clock = nanoClock;
    }

    /** The number of threads the busy time is spread over. */
    public int threads() {
        return threads;
    }

    /** Marks the start of a request; pass the result to {@link #end}. */
    public synchronized long begin() {
        long now = clock.getAsLong();
        inFlight++;
        inFlightStartSum += now;
        return now;
    }

    /** Marks the end of the request that {@code startedAt} (from {@link #begin}) began. */
    public synchronized void end(long startedAt) {
        inFlight--;
        inFlightStartSum -= startedAt;
        completedNanos += clock.getAsLong() - startedAt;
        if (inFlight == 0) {
            notifyAll();
        }
    }

    /** Busy nanoseconds so far, summed over all threads. */
    public synchronized long totalNanos() {
        return completedNanos + inFlight * clock.getAsLong() - inFlightStartSum;
    }

    /** Requests begun and not yet ended. */
    public synchronized int inFlight() {
        return inFlight;
    }

    /** Waits until no request is in flight; false when {@code timeout} passed first. */
    public synchronized boolean awaitIdle(Duration timeout) throws InterruptedException {
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
