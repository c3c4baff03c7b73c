package dev.rt.supervisor;

import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.proxy.EntrypointServer;
import dev.rt.supervisor.scheduler.JobScheduler;
import dev.rt.supervisor.worker.WorkerLifecycle;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * How a runtime's parts stop, whichever of them had started (the others are null or empty): the scheduler first (no
 * job fires any more, a call in flight may finish within the grace), then the entrypoint, then the services.
 */
final class RuntimeStop {
    private RuntimeStop() {
    }

    /**
     * Stops gracefully: the entrypoint stops accepting and drains (responses carry {@code Connection: close}), its
     * workers stop, then the other services in reverse dependency order, each worker given {@code grace} before it
     * is killed.
     */
    static void graceful(Duration grace, JobScheduler scheduler, WorkerLifecycle lifecycle,
            EntrypointServer entrypoint, Optional<EntrypointRouting> routing, StartOrder order) {
        stopScheduler(scheduler, grace);
        if (lifecycle != null) {
            join(lifecycle.beginShutdown());
        }
        if (entrypoint != null) {
            entrypoint.beginShutdown();
            entrypoint.close(grace);
        }
        routing.ifPresent(EntrypointRouting::close);
        if (lifecycle != null) {
            for (List<ServiceConfig> level : order.stopLevels()) {
                List<CompletableFuture<Void>> stops = level.stream()
                        .map(service -> lifecycle.stopService(service.id(), grace)).toList();
                stops.forEach(RuntimeStop::join);
            }
        }
    }

    /** Stops a start that failed: every worker of {@code services} killed at once, no grace for anything. */
    static void aborted(JobScheduler scheduler, WorkerLifecycle lifecycle, EntrypointServer entrypoint,
            List<ServiceConfig> services) {
        stopScheduler(scheduler, Duration.ZERO);
        if (lifecycle != null) {
            join(lifecycle.beginShutdown());
            lifecycle.killAll();
            for (ServiceConfig service : services) {
                join(lifecycle.stopService(service.id(), Duration.ZERO));
            }
        }
        if (entrypoint != null) {
            entrypoint.close(Duration.ZERO);
        }
    }

    private static void stopScheduler(JobScheduler scheduler, Duration grace) {
        if (scheduler != null) {
            scheduler.shutdown(grace);
        }
    }

    private static void join(CompletableFuture<?> future) {
        try {
            future.join();
        } catch (CompletionException e) {
            // stopping regardless
        }
    }
}
