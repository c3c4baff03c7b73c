package dev.rt.supervisor.scheduler;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The runs in progress and what they wait for (their calls, the waits between attempts), so that the scheduler can
 * stop: no attempt starts once it {@linkplain #stop stops}, the waits end at once, it waits for the runs in progress
 * within its grace, then {@linkplain #abandon abandons} the calls still going.
 */
final class InFlight {
    private final Set<CompletableFuture<Boolean>> waits = ConcurrentHashMap.newKeySet();
    private final Set<CompletableFuture<?>> calls = ConcurrentHashMap.newKeySet();
    private volatile boolean stopping;
    private int count; // guarded by this

    synchronized void begin() {
        count++;
    }

    synchronized void end() {
        count--;
        notifyAll();
    }

    boolean stopping() {
        return stopping;
    }

    /** Completes after {@code delay} with false, or as soon as the scheduler stops with true. */
    CompletableFuture<Boolean> delay(Duration delay) {
        CompletableFuture<Boolean> wait = new CompletableFuture<Boolean>()
                .completeOnTimeout(false, delay.toMillis(), TimeUnit.MILLISECONDS);
        waits.add(wait);
        wait.whenComplete((stopped, error) -> waits.remove(wait));
        if (stopping) {
            wait.complete(true);
        }
        return wait;
    }

    /** A call in progress, which {@link #abandon} cancels. */
    <T> CompletableFuture<T> call(CompletableFuture<T> call) {
        calls.add(call);
        call.whenComplete((value, error) -> calls.remove(call));
        return call;
    }

    /** No attempt starts any more, and the waits between attempts end. */
    void stop() {
        stopping = true;
        waits.forEach(wait -> wait.complete(true));
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

    /** Cancels the calls still in progress: their runs end as failed. */
    void abandon() {
        calls.forEach(call -> call.cancel(true));
    }
}
