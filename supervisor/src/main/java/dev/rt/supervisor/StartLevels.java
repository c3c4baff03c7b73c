package dev.rt.supervisor;

import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.worker.WorkerLifecycle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToIntFunction;

/**
 * Starts every worker of every level, overlapping the levels: the JVMs of a level boot while the level before it
 * starts its applications, and its own applications start once every worker of the level before is ready (so a
 * service's dependencies answer before its code runs). If a level fails, the later ones are killed or never spawned.
 */
final class StartLevels {
    private StartLevels() {
    }

    /** The futures, in start order, complete as the workers become ready. */
    static List<CompletableFuture<Integer>> start(StartOrder order, WorkerLifecycle lifecycle,
            ToIntFunction<ServiceConfig> workersOf) {
        List<CompletableFuture<Integer>> all = new ArrayList<>();
        CompletableFuture<Void> spawn = CompletableFuture.completedFuture(null);   // the level before last is ready
        CompletableFuture<Void> release = CompletableFuture.completedFuture(null); // the level before is ready
        for (List<ServiceConfig> level : order.startLevels()) {
            List<CompletableFuture<Integer>> ready = new ArrayList<>();
            for (ServiceConfig service : level) {
                for (int i = 0; i < workersOf.applyAsInt(service); i++) {
                    CompletableFuture<Void> after = release;
                    ready.add(spawn.thenCompose(go -> lifecycle.start(service, after)));
                }
            }
            all.addAll(ready);
            spawn = release;
            release = CompletableFuture.allOf(ready.toArray(CompletableFuture[]::new));
        }
        return all;
    }
}
