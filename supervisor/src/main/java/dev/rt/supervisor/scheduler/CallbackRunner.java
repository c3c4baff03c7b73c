package dev.rt.supervisor.scheduler;

import dev.rt.config.SchedulerJobConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;

/**
 * Runs one job: up to {@code maxRetry} attempts, the k-th retry after {@code 100 * 2^k} ms (200, 400, 800 ...), a
 * 2xx answer ending it; with the log lines of each step and the reason of each failure. The calls and the waits
 * between them hold no thread, so that a thousand jobs due at one instant are called at once. One run at a time,
 * whether its cron or the management API asked for it: a firing that finds a run going on is skipped, a run asked
 * for waits for it. Once the scheduler stops, no attempt starts and waits end.
 */
final class CallbackRunner {
    private final SchedulerJobConfig job;
    private final CallbackCall call;
    private final RuntimeLog log;
    private final SchedulerMetrics metrics;
    private final InFlight inFlight;
    private final Semaphore running = new Semaphore(1);
    private long lastFire = Long.MIN_VALUE; // guarded by this
    private volatile Instant lastExecutedAt;
    private volatile String lastStatus;

    CallbackRunner(SchedulerJobConfig job, CallbackCall call, RuntimeLog log, SchedulerMetrics metrics,
            InFlight inFlight) {
        this.job = job;
        this.call = call;
        this.log = log;
        this.metrics = metrics;
        this.inFlight = inFlight;
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

    /** Runs the job, waiting on this thread for a run in progress to end first, then for this one; returns how it went. */
    RunResult run() {
        running.acquireUninterruptibly();
        return runHoldingPermit().join();
    }

    /**
     * The firing due at {@code fireMillis}: starts the job's run on {@code executor} and returns at once, unless it
     * runs already (a firing that finds its previous run going on is skipped) or has run for that instant (two
     * triggers of one job matching the same instant).
     */
    void fire(Executor executor, long fireMillis) {
        synchronized (this) {
            if (fireMillis == lastFire) {
                return;
            }
            lastFire = fireMillis;
        }
        if (!running.tryAcquire()) {
            return;
        }
        try {
            executor.execute(() -> {
                if (inFlight.stopping()) {
                    running.release(); // fired just before the scheduler stopped: not started
                    return;
                }
                log.info("Executing scheduler \"" + job.name() + "\"");
                runHoldingPermit();
            });
        } catch (RejectedExecutionException e) {
            running.release(); // the scheduler has stopped
        }
    }

    private CompletableFuture<RunResult> runHoldingPermit() {
        inFlight.begin();
        long began = System.nanoTime();
        CompletableFuture<Boolean> attempts;
        try {
            attempts = attempt(0);
        } catch (RuntimeException e) {
            attempts = CompletableFuture.failedFuture(e);
        }
        return attempts.handle((success, error) -> {
            try {
                boolean succeeded = error == null && success;
                if (error != null) {
                    log.error("Scheduler \"" + job.name() + "\" failed: " + describe(unwrap(error)));
                }
                lastExecutedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
                lastStatus = succeeded ? JobStatus.SUCCESS : JobStatus.FAILED;
                metrics.ran(job.name(), succeeded, System.nanoTime() - began);
                return new RunResult(job.name(), succeeded, lastExecutedAt);
            } finally {
                inFlight.end();
                running.release();
            }
        });
    }

    /** Attempt {@code attempt} (from 0), and those after it while it fails: true once one succeeds. */
    private CompletableFuture<Boolean> attempt(int attempt) {
        return inFlight.call(call.send(job, attempt + 1)).handle((answer, error) -> succeeded(attempt, answer, error))
                .thenCompose(success -> success ? CompletableFuture.completedFuture(true) : retry(attempt + 1));
    }

    private boolean succeeded(int attempt, HttpResponse<Void> answer, Throwable error) {
        if (error == null && answer.statusCode() >= 200 && answer.statusCode() < 300) {
            log.info("Scheduler \"" + job.name() + "\" executed successfully");
            return true;
        }
        String failure = error == null ? "HTTP error " + answer.statusCode()
                : inFlight.stopping() && unwrap(error) instanceof CancellationException
                        ? "abandoned as the runtime stopped" : describe(unwrap(error));
        log.error("Error executing scheduler \"" + job.name() + "\" (attempt " + (attempt + 1) + "/" + job.maxRetry()
                + "): " + failure);
        return false;
    }

    private CompletableFuture<Boolean> retry(int attempt) {
        String name = job.name();
        int max = job.maxRetry();
        if (attempt >= max) {
            log.error("Scheduler \"" + name + "\" failed after " + max + " attempts");
            return CompletableFuture.completedFuture(false);
        }
        if (inFlight.stopping()) {
            return stoppedBefore(attempt);
        }
        long delay = 100L << attempt;
        log.info("Retrying scheduler \"" + name + "\" in " + delay + "ms (attempt " + (attempt + 1) + "/" + max + ")");
        return inFlight.delay(Duration.ofMillis(delay))
                .thenCompose(stopped -> stopped ? stoppedBefore(attempt) : attempt(attempt));
    }

    private CompletableFuture<Boolean> stoppedBefore(int attempt) {
        log.warn("Scheduler \"" + job.name() + "\" stopped with the runtime before attempt " + (attempt + 1) + "/"
                + job.maxRetry());
        return CompletableFuture.completedFuture(false);
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    /** The exception as the log shows it: its class, and the first message along its causes. */
    private static String describe(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                return error.getClass().getSimpleName() + ": " + cause.getMessage();
            }
        }
        return error.getClass().getSimpleName() + " (no detail: the connection failed or was closed)";
    }
}
