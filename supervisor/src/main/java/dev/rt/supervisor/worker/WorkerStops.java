package dev.rt.supervisor.worker;

import dev.rt.protocol.Stop;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The graceful stop of one worker, on the loop: out of the upstreams, {@code Stop} sent over its agent connection
 * (or SIGTERM without one), killed if still alive after its grace.
 */
final class WorkerStops {
    private final SupervisorLoop loop;
    private final WorkerRegistry registry;
    private final Collection<Worker> workers;
    private final RuntimeLog log;
    private final AtomicLong stopIds = new AtomicLong();

    /** {@code workers}: the lifecycle's live view of its workers, published to the registry when one stops. */
    WorkerStops(SupervisorLoop loop, WorkerRegistry registry, Collection<Worker> workers, RuntimeLog log) {
        this.loop = loop;
        this.registry = registry;
        this.workers = workers;
        this.log = log;
    }

    /** The worker's exit code once it has exited. */
    CompletableFuture<Integer> stop(Worker worker, Duration grace) {
        if (!worker.alive()) {
            return worker.exited;
        }
        worker.state = WorkerState.STOPPING;
        registry.publish(workers);
        log.info("Stopping the " + worker.describe() + "...");
        boolean sent = worker.connection().map(c -> c.send(new Stop(stopIds.incrementAndGet(), grace.toMillis())))
                .orElse(false);
        if (!sent) {
            worker.process.destroy();
        }
        loop.postAfter(Duration.ofMillis(Math.max(grace.toMillis(), 1)), () -> {
            if (worker.process.isAlive()) {
                log.warn("Timeout while stopping the " + worker.describe() + ". Killing it.");
                worker.process.destroyForcibly();
            }
        });
        return worker.exited;
    }
}
