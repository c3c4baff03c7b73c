package dev.rt.supervisor.scheduler;

import dev.rt.config.SchedulerJobConfig;
import dev.rt.supervisor.log.Level;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/**
 * Runs one job: up to {@code maxRetry} attempts, the k-th retry after {@code 100 * 2^k} ms (200, 400, 800 ...), a
 * 2xx answer ending it; with the log lines of each step and the reason of each failure. The attempts are
 * asynchronous: no thread waits for an answer or a retry. One run at a time, whether its cron or the management API
 * asked for it: a firing that finds a run going on is skipped, a run asked for waits for it. Once the scheduler
 * shuts down, no attempt starts and waits end. Its log lines are queued in order, never waited for: they are written
 * from the event loops that carry the calls, a thousand a second.
 */
final class CallbackRunner {
    private final SchedulerJobConfig job;
    private final CallbackCall call;
    private final RuntimeLog log;
    private final SchedulerMetrics metrics;
    private final CountDownLatch shutdown;
    private final InFlight inFlight;
    private final RetryWaits waits;
    private final Semaphore running = new Semaphore(1);
    private long lastFire = Long.MIN_VALUE; // guarded by this
    private volatile Instant lastExecutedAt;
    private volatile String lastStatus;

    CallbackRunner(SchedulerJobConfig job, CallbackCall call, RuntimeLog log, SchedulerMetrics metrics,
            CountDownLatch shutdown, InFlight inFlight, RetryWaits waits) {
        this.job = job;
        this.call = call;
        this.log = log;
        this.metrics = metrics;
        this.shutdown = shutdown;
        this.inFlight = inFlight;
        this.waits = waits;
    }

    SchedulerJobConfig job() {
        return job;
    }

    Optional<Instant> lastExecutedAt() {
        return Optional.ofNullable(lastExecutedAt);
    }

    Optional<String> lastStatus() {
        return Optional.ofNullable(lastStatus);
    }

    /**
     * Runs the job, waiting on this thread for a run in progress to end first, then for this one; how it went. Never
     * on an event loop of the supervisor: the answer it waits for arrives on one.
     */
    RunResult run() {
        running.acquireUninterruptibly();
        return start().join();
    }

    /**
     * The firing due at {@code fireMillis}: starts the job's run and returns at once, unless it runs already (a
     * firing that finds its previous run going on is skipped), has run for that instant (two triggers of one job
     * matching the same instant), or {@code paused} is true (checked once the run holds the job, so that once a pause
     * returns, only a run that already held the job may still go on).
     */
    void fire(long fireMillis, BooleanSupplier paused) {
        synchronized (this) {
            if (fireMillis == lastFire) {
                return;
            }
            lastFire = fireMillis;
        }
        if (!running.tryAcquire()) {
            return;
        }
        if (shutdown.getCount() == 0 || paused.getAsBoolean()) {
            running.release(); // fired just as the scheduler shut down or the job was paused: not started
            return;
        }
        log.queue(Level.INFO, "Executing scheduler \"" + job.name() + "\"");
        start();
    }

    /** Starts a run, the job held; the run lets go of it when it ends. */
    private CompletableFuture<RunResult> start() {
        inFlight.begin();
        long began = System.nanoTime();
        CompletableFuture<Boolean> outcome = new CompletableFuture<>();
        try {
            attempt(0, outcome);
        } catch (RuntimeException e) {
            outcome.completeExceptionally(e);
        }
        return outcome.handle((success, error) -> {
            try {
                boolean ok = error == null && success;
                if (error != null) {
                    log.queue(Level.ERROR, "Scheduler \"" + job.name() + "\" failed: " + describe(error));
                }
                lastExecutedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
                lastStatus = ok ? JobStatus.SUCCESS : JobStatus.FAILED;
                metrics.ran(job.name(), ok, System.nanoTime() - began);
                return new RunResult(job.name(), ok, lastExecutedAt);
            } finally {
                inFlight.end();
                running.release();
            }
        });
    }

    /** Attempt {@code attempt + 1}, then the next ones as they are needed; completes {@code outcome} at the end. */
    private void attempt(int attempt, CompletableFuture<Boolean> outcome) {
        String name = job.name();
        int max = job.maxRetry();
        call.send(job, attempt + 1).whenComplete((status, error) -> {
            String failure;
            if (error == null) {
                if (status >= 200 && status < 300) {
                    log.queue(Level.INFO, "Scheduler \"" + name + "\" executed successfully");
                    outcome.complete(true);
                    return;
                }
                failure = "HTTP error " + status;
            } else {
                failure = call.abandoned() ? "interrupted while the runtime stopped" : describe(error);
            }
            log.queue(Level.ERROR, "Error executing scheduler \"" + name + "\" (attempt " + (attempt + 1) + "/" + max + "): " + failure);
            if (call.abandoned()) {
                outcome.complete(false);
                return;
            }
            int next = attempt + 1;
            if (next >= max) {
                log.queue(Level.ERROR, "Scheduler \"" + name + "\" failed after " + max + " attempts");
                outcome.complete(false);
                return;
            }
            if (shutdown.getCount() == 0) {
                stoppedBefore(next, outcome);
                return;
            }
            long delay = 100L << next;
            log.queue(Level.INFO, "Retrying scheduler \"" + name + "\" in " + delay + "ms (attempt " + (next + 1) + "/" + max + ")");
            waits.after(delay, () -> {
                if (shutdown.getCount() == 0) {
                    stoppedBefore(next, outcome);
                } else {
                    attempt(next, outcome);
                }
            });
        });
    }

    private void stoppedBefore(int attempt, CompletableFuture<Boolean> outcome) {
        log.queue(Level.WARN, "Scheduler \"" + job.name() + "\" stopped with the runtime before attempt " + (attempt + 1) + "/"
                + job.maxRetry());
        outcome.complete(false);
    }

    /** The exception as the log shows it: its class, and the first message along its causes. */
    private static String describe(Throwable failure) {
        Throwable error = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause()
                : failure;
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                return error.getClass().getSimpleName() + ": " + cause.getMessage();
            }
        }
        return error.getClass().getSimpleName() + " (no detail: the connection failed or was closed)";
    }
}
