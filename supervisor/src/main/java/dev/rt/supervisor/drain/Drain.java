package dev.rt.supervisor.drain;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One runtime's drain: once {@link #run} has begun, {@link #draining()} is true for good (readiness fails), and
 * {@link #run} returns when the delay is over or {@link #cutShort()} was called (a second stop signal, a kill).
 * Safe from any thread; a drain runs at most once.
 */
public final class Drain {
    private final CountDownLatch cut = new CountDownLatch(1);
    private volatile boolean draining;

    /** Whether the drain has begun: {@code /ready} fails from then on. */
    public boolean draining() {
        return draining;
    }

    /**
     * Begins the drain ({@code begin} runs once, first) and waits {@code delay}, or less when cut short; a second call
     * returns at once. False when the wait was cut short or interrupted.
     */
    public boolean run(Duration delay, Runnable begin) {
        synchronized (this) {
            if (draining) {
                return true;
            }
            draining = true;
        }
        begin.run();
        try {
            return !cut.await(delay.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Ends a drain under way at once (a second signal, a kill); any later drain does not wait either. */
    public void cutShort() {
        cut.countDown();
    }
}
