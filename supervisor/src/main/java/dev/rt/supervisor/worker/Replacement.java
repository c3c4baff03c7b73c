package dev.rt.supervisor.worker;

import dev.rt.config.error.RtException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Blue/green replacement of one started worker (unhealthy, or reloaded): a new worker with a new index
 * starts while the old one keeps serving; once the new one is ready it takes traffic, and only then does
 * the old one leave the upstreams and stop gracefully (killed after {@code gracefulShutdown.service} if it
 * will not). No request is lost: the old worker finishes what it has in flight. Runs on the supervisor loop.
 */
final class Replacement {
    private final WorkerLifecycle lifecycle;
    private final dev.rt.supervisor.log.RuntimeLog log;
    private final Duration grace;

    Replacement(WorkerLifecycle lifecycle, dev.rt.supervisor.log.RuntimeLog log, Duration grace) {
        this.lifecycle = lifecycle;
        this.log = log;
        this.grace = grace;
    }

    /**
     * Replaces {@code old}; the future completes once the old worker has exited, or at once when it cannot be
     * replaced. An {@code unhealthy} worker is replaced by its service's spare JVM when there is one (a reload
     * wants a JVM started after it), and killed when the new worker fails to start (its exit then restarts it as
     * after a crash); otherwise the old one keeps serving.
     */
    CompletableFuture<Void> replace(Worker old, boolean unhealthy) {
        boolean killOnFailure = unhealthy;
        if (lifecycle.stopping() || old.state != WorkerState.STARTED || old.replacement != null) {
            return CompletableFuture.completedFuture(null);
        }
        Worker fresh;
        Optional<Worker> spare = unhealthy ? lifecycle.spares().take(old.service) : Optional.empty();
        try {
            fresh = spare.isPresent() ? lifecycle.promote(spare.get())
                    : lifecycle.launch(old.service, lifecycle.nextIndex(old.service));
        } catch (RtException e) {
            log.error(e.getMessage());
            failed(old, killOnFailure);
            return CompletableFuture.completedFuture(null);
        }
        old.replacement = fresh;
        CompletableFuture<Void> done = new CompletableFuture<>();
        fresh.ready.whenComplete((port, failure) -> lifecycle.loop().post(() -> {
            old.replacement = null;
            if (failure != null) {
                if (!lifecycle.stopping()) {
                    log.error("Failed to start the " + fresh.describe() + ": "
                            + (fresh.startFailure != null ? fresh.startFailure : failure.getMessage()));
                    failed(old, killOnFailure);
                }
                done.complete(null);
                return;
            }
            // out of the upstreams before the line says so: whoever reads it next reaches the new worker only
            CompletableFuture<Integer> stopped = lifecycle.stop(old, grace);
            log.info("The " + old.describe() + " has been replaced by the worker " + fresh.index + ".");
            if (spare.isPresent()) {
                lifecycle.spares().keepLater(old.service);
            }
            stopped.whenComplete((code, error) -> done.complete(null));
        }));
        return done;
    }

    private void failed(Worker old, boolean kill) {
        if (old.state == WorkerState.EXITED) {
            lifecycle.restartAfterCrash(old.service, old.describe(), old.uptime(System.nanoTime()));
        } else if (old.state == WorkerState.STARTED && kill) {
            log.error("Cannot replace the " + old.describe() + ". Forcefully terminating it ...");
            old.process.destroyForcibly();
        } else if (old.state == WorkerState.STARTED) {
            log.error("Cannot replace the " + old.describe() + "; it keeps serving.");
        }
    }
}
