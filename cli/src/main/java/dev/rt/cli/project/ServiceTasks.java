package dev.rt.cli.project;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Runs one task per service in dependency order: each starts once the services it depends on (among these) have
 * succeeded, independent ones together on up to {@code parallelism} threads. A service whose dependency failed is not
 * run. A dependency cycle is refused before anything runs.
 */
public final class ServiceTasks {
    /** How a service's task ended. */
    public enum Outcome { SUCCEEDED, FAILED, SKIPPED }

    private ServiceTasks() {
    }

    /**
     * @param task runs one service's task, returning whether it succeeded; called on a pool thread
     * @return each service's outcome, in the services' order
     */
    public static Map<String, Outcome> run(List<ProjectService> services, int parallelism,
            Function<ProjectService, Boolean> task) throws InterruptedException {
        Map<String, ProjectService> byId = new LinkedHashMap<>();
        services.forEach(service -> byId.put(service.id(), service));
        checkAcyclic(byId);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallelism), runnable -> {
            Thread thread = new Thread(runnable, "rt-task");
            thread.setDaemon(true);
            return thread;
        });
        Map<String, CompletableFuture<Outcome>> futures = new HashMap<>();
        try {
            for (ProjectService service : byId.values()) {
                schedule(service, byId, futures, pool, task);
            }
            Map<String, Outcome> outcomes = new LinkedHashMap<>();
            for (ProjectService service : byId.values()) {
                try {
                    outcomes.put(service.id(), futures.get(service.id()).get());
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("the task of " + service.id() + " failed", e.getCause());
                }
            }
            return outcomes;
        } finally {
            pool.shutdownNow();
        }
    }

    private static CompletableFuture<Outcome> schedule(ProjectService service, Map<String, ProjectService> byId,
            Map<String, CompletableFuture<Outcome>> futures, ExecutorService pool, Function<ProjectService, Boolean> task) {
        CompletableFuture<Outcome> existing = futures.get(service.id());
        if (existing != null) {
            return existing;
        }
        List<CompletableFuture<Outcome>> before = new ArrayList<>();
        for (String dependency : service.dependencies()) {
            if (byId.containsKey(dependency)) {
                before.add(schedule(byId.get(dependency), byId, futures, pool, task));
            }
        }
        CompletableFuture<Outcome> future = CompletableFuture.allOf(before.toArray(CompletableFuture[]::new))
                .thenApplyAsync(done -> before.stream().allMatch(f -> f.join() == Outcome.SUCCEEDED)
                        ? (task.apply(service) ? Outcome.SUCCEEDED : Outcome.FAILED) : Outcome.SKIPPED, pool);
        futures.put(service.id(), future);
        return future;
    }

    private static void checkAcyclic(Map<String, ProjectService> byId) {
        Set<String> done = new HashSet<>();
        for (String id : byId.keySet()) {
            visit(id, byId, new ArrayList<>(), done);
        }
    }

    private static void visit(String id, Map<String, ProjectService> byId, List<String> path, Set<String> done) {
        if (done.contains(id) || !byId.containsKey(id)) {
            return;
        }
        if (path.contains(id)) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(id), path.size()));
            cycle.add(id);
            throw new RtException(ErrorCode.CONFIG_DEPENDENCY_CYCLE, "the services depend on each other in a cycle: "
                    + String.join(" -> ", cycle) + "; remove one of these dependencies");
        }
        path.add(id);
        byId.get(id).dependencies().forEach(dependency -> visit(dependency, byId, path, done));
        path.remove(path.size() - 1);
        done.add(id);
    }
}
