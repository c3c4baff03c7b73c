package dev.rt.supervisor.worker;

import dev.rt.config.error.RtException;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What happens after a started worker died, or a restarted one failed to start: per the
 * service's {@code restartOnError}, nothing (the worker stays down, the service's other workers keep serving)
 * or a new worker with a new index after the service's {@link Backoff} delay, again and again until one
 * starts: rt never gives up on a service it could revive. The new worker is the service's spare JVM when it has
 * one ({@link Spares}), whose application starts at once; a new spare follows once it is ready. Runs on the
 * supervisor loop.
 */
final class CrashRestarts {
    private final WorkerLifecycle lifecycle;
    private final RuntimeLog log;
    private final boolean production;
    private final Map<String, Backoff> backoffs = new HashMap<>();

    CrashRestarts(WorkerLifecycle lifecycle, RuntimeLog log, boolean production) {
        this.lifecycle = lifecycle;
        this.log = log;
        this.production = production;
    }

    /** After a death: {@code described} names the worker that died, {@code uptime} how long it ran. */
    void afterDeath(ServiceConfig service, String described, Duration uptime) {
        if (lifecycle.stopping()) {
            return;
        }
        if (!service.restartOnError().enabled()) {
            lifecycle.quarantine(service.id());
            log.warn("The " + described + " is no longer available.");
            return;
        }
        Duration delay = backoffs.computeIfAbsent(service.id(),
                id -> new Backoff(service.restartOnError().effectiveDelay(production))).next(uptime);
        log.warn(delay.toMillis() < StartAttempts.IMMEDIATE_BELOW_MILLIS ? "The " + described + " is being restarted ..."
                : "The " + described + " will be restarted in " + delay.toMillis() + "ms ...");
        lifecycle.loop().postAfter(delay, () -> relaunch(service));
    }

    private void relaunch(ServiceConfig service) {
        if (lifecycle.stopping()) {
            return;
        }
        Worker worker;
        Optional<Worker> spare = lifecycle.spares().take(service);
        if (spare.isPresent()) {
            log.info("The spare " + spare.get().describe() + " takes over.");
            worker = lifecycle.promote(spare.get());
        } else {
            int index = lifecycle.nextIndex(service);
            try {
                worker = lifecycle.launch(service, index);
            } catch (RtException e) {
                log.error(e.getMessage());
                afterDeath(service, Worker.describe(service.id(), index), Duration.ZERO);
                return;
            }
        }
        worker.ready.whenComplete((port, failure) -> lifecycle.loop().post(() -> {
            if (failure == null) {
                lifecycle.restartCounts().increment(service.id());
                log.info("The " + worker.describe() + " has been successfully restarted.");
                lifecycle.spares().keepLater(service);
            } else if (!lifecycle.stopping()) {
                log.error("Failed to start the " + worker.describe() + ": "
                        + (worker.startFailure != null ? worker.startFailure : failure.getMessage()));
                afterDeath(service, worker.describe(), worker.uptime(System.nanoTime()));
            }
        }));
    }
}
