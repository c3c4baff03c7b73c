package dev.rt.supervisor.worker;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.concurrent.DaemonThreads;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The supervisor loop: the one thread ({@code rt-supervisor-loop}) that owns every worker's state. Work reaches
 * it in three ways, which differ in what comes back and when the work runs: {@link #call} answers with a future
 * of the task's result; {@link #post} queues a task and answers nothing; {@link #postAfter} queues it once a
 * delay has passed, and answers nothing either.
 */
final class SupervisorLoop implements AutoCloseable {
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("rt-supervisor-loop"));

    /**
     * Runs {@code task} on the loop; the future completes with what it returns, or fails with what it throws.
     * For callers on other threads that need the answer, or to know that the task has run. Never throws: once
     * the loop has stopped, the future fails with {@code RT_SUPERVISOR_CLOSED}.
     */
    <T> CompletableFuture<T> call(Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    result.complete(task.call());
                } catch (Throwable e) {
                    result.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new RtException(ErrorCode.SUPERVISOR_CLOSED, "the supervisor has stopped"));
        }
        return result;
    }

    /**
     * Queues {@code task} to run on the loop after whatever is queued already; nothing comes back. From another
     * thread (an agent connection, a process exit), or from the loop itself to run {@code task} once the current
     * task is over: a future completed on the loop runs its callbacks at once, inside the task that completed it,
     * so such a callback posts what it does. Throws {@link RejectedExecutionException} once the loop has stopped.
     */
    void post(Runnable task) {
        executor.execute(task);
    }

    /**
     * Queues {@code task} to run on the loop once {@code delay} (in whole milliseconds) has passed; nothing comes
     * back: retry and restart delays, start and stop timeouts, health checks. Throws
     * {@link RejectedExecutionException} once the loop has stopped.
     */
    void postAfter(Duration delay, Runnable task) {
        executor.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops the loop: queued and delayed tasks are dropped, and {@link #call} fails from now on. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}
