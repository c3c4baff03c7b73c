package dev.rt.supervisor.worker;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.RestartPolicy;
import dev.rt.config.error.RtException;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Starting one worker for the runtime's start: a start that fails (the JVM exits, the
 * application reports a failure, or {@code startTimeout} passes and the JVM is killed) is tried again, with
 * the same worker index since it never started, up to {@link #MAX_RETRIES} times when the service restarts
 * on error, after its {@code restartOnError} delay (at once in production). Runs on the supervisor loop.
 */
final class StartAttempts {
    static final int MAX_RETRIES = 5;
    static final long IMMEDIATE_BELOW_MILLIS = RestartPolicy.IMMEDIATE_BELOW_MILLIS;

    private final WorkerLifecycle lifecycle;
    private final RuntimeLog log;
    private final boolean production;

    StartAttempts(WorkerLifecycle lifecycle, RuntimeLog log, boolean production) {
        this.lifecycle = lifecycle;
        this.log = log;
        this.production = production;
    }

    /**
     * Starts a new worker of the service, whose application waits for {@code after}; the future completes
     * with its port or fails with the last error. When {@code after} fails there is no retry.
     */
    CompletableFuture<Integer> begin(ServiceConfig service, CompletableFuture<Void> after) {
        CompletableFuture<Integer> result = new CompletableFuture<>();
        attempt(service, lifecycle.nextIndex(service), 0, after, result);
        return result;
    }

    private void attempt(ServiceConfig service, int index, int retry, CompletableFuture<Void> after,
            CompletableFuture<Integer> result) {
        Worker worker;
        try {
            worker = lifecycle.launch(service, index, after);
        } catch (RtException e) {
            failed(service, index, retry, e, e.getMessage(), false, after, result);
            return;
        }
        worker.ready.whenComplete((port, failure) -> lifecycle.loop().post(() -> {
            if (failure == null) {
                result.complete(port);
            } else {
                RtException error = unwrap(failure);
                String reason = worker.startFailure != null ? worker.startFailure : error.getMessage();
                failed(service, index, retry, error, reason, worker.timedOut, after, result);
            }
        }));
    }

    private void failed(ServiceConfig service, int index, int retry, RtException error, String reason,
            boolean timedOut, CompletableFuture<Void> after, CompletableFuture<Integer> result) {
        String label = Worker.describe(service.id(), index);
        if (lifecycle.stopping() || after.isCompletedExceptionally()) { // a dependency's failure is the one told
            result.completeExceptionally(error);
            return;
        }
        if (!timedOut) {
            log.error("Failed to start the " + label + ": " + reason);
        }
        if (!service.restartOnError().enabled()) {
            result.completeExceptionally(error);
            return;
        }
        if (retry >= MAX_RETRIES) {
            log.error("Failed to start the " + label + " after " + MAX_RETRIES + " attempts.");
            result.completeExceptionally(new RtException(error.errorCode(), error.getMessage() + " (tried "
                    + (MAX_RETRIES + 1) + " times)", error));
            return;
        }
        Duration delay = service.restartOnError().effectiveDelay(production);
        int next = retry + 1;
        log.warn(delay.toMillis() < IMMEDIATE_BELOW_MILLIS
                ? "Performing attempt " + next + " of " + MAX_RETRIES + " to start the " + label + " again ..."
                : "Attempt " + next + " of " + MAX_RETRIES + " to start the " + label + " again will be performed in "
                        + delay.toMillis() + "ms ...");
        lifecycle.loop().postAfter(delay, () -> attempt(service, index, next, after, result));
    }

    private static RtException unwrap(Throwable failure) {
        Throwable cause = Readiness.unwrapped(failure);
        return cause instanceof RtException rt ? rt : new RtException(ErrorCode.SERVICE_START_FAILED, String.valueOf(cause));
    }
}
