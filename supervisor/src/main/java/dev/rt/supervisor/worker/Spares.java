package dev.rt.supervisor.worker;

import dev.rt.config.error.RtException;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One spare JVM per service with {@code spareWorker} on: launched like a worker whose dependencies never finish
 * starting, so it boots, its agent connects and says hello, and it waits there, its application not started. It
 * serves nothing, counts as no worker, and is no upstream. When a worker of its service dies (or is found
 * unhealthy) the spare takes its place: its application starts at once, which costs an application start instead of
 * a JVM start. A new spare follows {@link #AFTER_START} after that worker is ready; in a crash loop, where none
 * becomes ready, restarts launch fresh JVMs after the service's backoff, as without a spare. A spare that dies is replaced after
 * {@link #RESPAWN_DELAY} (doubling while they keep dying young); one stopped on purpose (its service stops or is
 * reloaded, the runtime stops) gives its worker index back, since it never ran. Runs on the supervisor loop.
 */
final class Spares {
    static final Duration RESPAWN_DELAY = Duration.ofSeconds(1);
    /**
     * How long after the runtime's start the first spares are launched, and after a spare took a dead worker's place
     * and serves, the next: a JVM booting meanwhile would take the processors from the first requests.
     */
    static final Duration AFTER_START = Duration.ofSeconds(1);

    private final WorkerLifecycle lifecycle;
    private final RuntimeLog log;
    private final boolean allowed;
    private final Map<String, Worker> byService = new HashMap<>();
    private final Map<String, Backoff> respawns = new HashMap<>();

    /** @param allowed whether spares run at all: in production, without a debugger */
    Spares(WorkerLifecycle lifecycle, RuntimeLog log, boolean allowed) {
        this.lifecycle = lifecycle;
        this.log = log;
        this.allowed = allowed;
    }

    /** Whether the service keeps a spare: its {@code spareWorker}, where its workers are restarted on error. */
    boolean wanted(ServiceConfig service) {
        return allowed && service.spareWorker() && service.restartOnError().enabled();
    }

    /** Launches the service's spare unless it has one, does not want one, or the runtime is stopping. */
    void keep(ServiceConfig service) {
        if (!wanted(service) || lifecycle.stopping() || byService.containsKey(service.id())) {
            return;
        }
        Worker spare;
        try {
            spare = lifecycle.launchSpare(service);
        } catch (RtException e) {
            log.warn("Cannot launch a spare JVM for the service \"" + service.id() + "\": " + e.getMessage());
            return;
        }
        byService.put(service.id(), spare);
        log.info("Preparing the " + spare.describe() + " (pid " + spare.process.pid() + ") as a spare JVM: its"
                + " application starts only when it takes the place of a worker of the service that dies.");
    }

    /** Launches the service's spare {@link #AFTER_START} from now, unless it has one by then. */
    void keepLater(ServiceConfig service) {
        lifecycle.loop().postAfter(AFTER_START, () -> keep(service));
    }

    /** A worker's agent has said hello: when it is a spare, it waits there, booted, for its turn. */
    void connected(Worker worker) {
        if (byService.get(worker.service.id()) == worker) {
            log.info("The spare " + worker.describe() + " is ready to take over.");
        }
    }

    /** The service's spare, handed over to become a worker; empty when it has none alive. */
    Optional<Worker> take(ServiceConfig service) {
        Worker spare = byService.remove(service.id());
        if (spare == null || !spare.process.isAlive()) {
            return Optional.empty();
        }
        spare.spare = false;
        return Optional.of(spare);
    }

    /** Stops the service's spare, which never ran: killed at once, its index given back. */
    Optional<CompletableFuture<Integer>> discard(String serviceId) {
        Worker spare = byService.remove(serviceId);
        if (spare == null) {
            return Optional.empty();
        }
        log.info("Stopping the spare " + spare.describe() + ".");
        spare.process.destroyForcibly();
        lifecycle.giveBack(spare);
        return Optional.of(spare.exited);
    }

    /** Stops every spare. */
    List<CompletableFuture<Integer>> discardAll() {
        return List.copyOf(byService.keySet()).stream().flatMap(id -> discard(id).stream()).toList();
    }

    /** A spare's JVM has ended: when not on purpose, another one is launched after a while. */
    void exited(Worker spare, int code) {
        ServiceConfig service = spare.service;
        if (byService.get(service.id()) != spare) {
            return; // discarded on purpose
        }
        byService.remove(service.id());
        lifecycle.giveBack(spare);
        if (lifecycle.stopping()) {
            return;
        }
        Duration delay = respawns.computeIfAbsent(service.id(), id -> new Backoff(RESPAWN_DELAY))
                .next(spare.uptime(System.nanoTime()));
        log.warn("The spare " + spare.describe() + " exited with code " + code + "; another spare JVM starts in "
                + delay.toMillis() + "ms.");
        lifecycle.loop().postAfter(delay, () -> keep(service));
    }

    /** The spares, for status output. */
    List<Worker> all() {
        return List.copyOf(byService.values());
    }
}
