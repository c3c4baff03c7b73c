package dev.rt.supervisor.worker;

import dev.rt.supervisor.log.RuntimeLog;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The reloads of one runtime: of every service at once (a signal or a request; a second request while one runs
 * joins it, and {@code begins} and {@code ends} are told when it begins and ends), and of one service whose files
 * changed in development (a change during its reload reloads it once more afterwards).
 */
public final class Reloads {
    private final WorkerLifecycle lifecycle;
    private final List<String> serviceIds;
    private final RuntimeLog log;
    private final Runnable begins;
    private final Runnable ends;
    private final Object lock = new Object();
    private CompletableFuture<Void> reloading = CompletableFuture.completedFuture(null); // under lock
    private final Map<String, CompletableFuture<Void>> watchReloads = new HashMap<>();   // under lock
    private final Set<String> changedAgain = new HashSet<>();                             // under lock

    /**
     * @param begins runs when a reload of every service begins, on the thread that asked for it
     * @param ends   runs when that reload is over, whether or not every service came back, off the supervisor loop
     */
    public Reloads(WorkerLifecycle lifecycle, List<String> serviceIds, RuntimeLog log, Runnable begins, Runnable ends) {
        this.lifecycle = lifecycle;
        this.serviceIds = List.copyOf(serviceIds);
        this.log = log;
        this.begins = begins;
        this.ends = ends;
    }

    /** Every service, services in parallel and each one's workers one at a time. */
    public CompletableFuture<Void> all() {
        synchronized (lock) {
            if (!reloading.isDone()) {
                log.warn("A reload is already in progress; this request joins it.");
                return reloading;
            }
            begins.run();
            List<CompletableFuture<Void>> services = serviceIds.stream().map(lifecycle::reload).toList();
            reloading = CompletableFuture.allOf(services.toArray(CompletableFuture[]::new))
                    .thenRun(() -> log.info("All services have been restarted."))
                    .whenCompleteAsync((done, error) -> ends.run()); // off the loop
            return reloading;
        }
    }

    /** Reloads a service whose files changed. */
    public void serviceChanged(String serviceId) {
        synchronized (lock) {
            CompletableFuture<Void> running = watchReloads.get(serviceId);
            if (running != null && !running.isDone()) {
                changedAgain.add(serviceId);
                return;
            }
            log.info("The files of the service \"" + serviceId + "\" have changed, restarting it ...");
            watchReloads.put(serviceId, lifecycle.reload(serviceId).whenComplete((done, error) -> {
                if (error == null) {
                    log.info("The service \"" + serviceId + "\" has been successfully reloaded.");
                }
                boolean again;
                synchronized (lock) {
                    again = changedAgain.remove(serviceId);
                }
                if (again) {
                    serviceChanged(serviceId);
                }
            }));
        }
    }
}
