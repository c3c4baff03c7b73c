package dev.rt.supervisor.scheduler;

import dev.rt.config.SchedulerJobConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Runs one job: up to {@code maxRetry} attempts, the k-th retry after {@code 100 * 2^k} ms (200, 400, 800 ...), a
 * 2xx answer ending it; with the log lines of each step and the reason of each failure. One run at a time, whether
 * its cron or the management API asked for it: a firing that finds a run going on is skipped, a run asked for waits
 * for it. Once the scheduler shuts down, no attempt starts and waits end.
 */
final class CallbackRunner {
    private final SchedulerJobConfig job;
    private final CallbackCall call;
    private final RuntimeLog log;
    private final SchedulerMetrics metrics;
    private final CountDownLatch shutdown;
    private final InFlight inFlight;
    private final Semaphore running = new Semaphore(1);
    private long lastFire = Long.MIN_VALUE; // guarded by this
    private volatile Instant lastExecutedAt;
    private volatile String lastStatus;

    CallbackRunner(SchedulerJobConfig job, CallbackCall call, RuntimeLog log, SchedulerMetrics metrics,
            CountDownLatch shutdown, InFlight inFlight) {
        this.job = job;
        this.call = call;
        this.log = log;
        this.metrics = metrics;
        this.shutdown = shutdown;
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

    /** Runs the job on this thread, waiting for a run in progress to end first; returns how it went. */
    RunResult run() {
        running.acquireUninterruptibly();
        return runHoldingPermit();
    }

    /**
     * The firing due at {@code fireMillis}: runs the job on {@code executor} and returns at once, unless it runs
     * already (a firing that finds its previous run going on is skipped) or has run for that instant (two triggers
     * of one job matching the same instant). A run that has not started when {@code paused} turns true does not
     * start: once a pause returns, only a run that already held the job may still go on.
     */
    void fire(Executor executor, long fireMillis, BooleanSupplier paused) {
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
                if (shutdown.getCount() == 0 || paused.getAsBoolean()) {
                    running.release(); // fired just before the scheduler shut down or the job was paused: not started
                    return;
                }
                log.info("Executing scheduler \"" + job.name() + "\"");
                runHoldingPermit();
            });
        } catch (RejectedExecutionException e) {
            running.release(); // the scheduler has shut down
        }
    }

    private RunResult runHoldingPermit() {
        inFlight.begin();
        long began = System.nanoTime();
        try {
            boolean success = attempts();
            lastExecutedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            lastStatus = success ? JobStatus.SUCCESS : JobStatus.FAILED;
            metrics.ran(job.name(), success, System.nanoTime() - began);
            return new RunResult(job.name(), success, lastExecutedAt);
        } finally {
            inFlight.end();
            running.release();
        }
    }

    private boolean attempts() {
        String name = job.name();
        int max = job.maxRetry();
        for (int attempt = 0; attempt < max; attempt++) {
            if (attempt > 0) {
                long delay = 100L << attempt;
                if (shutdown.getCount() == 0) {
                    log.warn("Scheduler \"" + name + "\" stopped with the runtime before attempt " + (attempt + 1) + "/"
                            + max);
                    return false;
                }
                log.info("Retrying scheduler \"" + name + "\" in " + delay + "ms (attempt " + (attempt + 1) + "/" + max
                        + ")");
                if (awaitShutdown(Duration.ofMillis(delay))) {
                    log.warn("Scheduler \"" + name + "\" stopped with the runtime before attempt " + (attempt + 1) + "/"
                            + max);
                    return false;
                }
            }
            String failure;
            try {
                int status = call.send(job, attempt + 1);
                if (status >= 200 && status < 300) {
                    log.info("Scheduler \"" + name + "\" executed successfully");
                    return true;
                }
                failure = "HTTP error " + status;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = "interrupted while the runtime stopped";
            } catch (Exception e) {
                failure = describe(e);
            }
            log.error("Error executing scheduler \"" + name + "\" (attempt " + (attempt + 1) + "/" + max + "): " + failure);
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
        }
        log.error("Scheduler \"" + name + "\" failed after " + max + " attempts");
        return false;
    }

    /** True when the scheduler shut down within {@code delay}. */
    private boolean awaitShutdown(Duration delay) {
        try {
            return shutdown.await(delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
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
