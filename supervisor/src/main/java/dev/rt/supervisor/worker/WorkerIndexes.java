package dev.rt.supervisor.worker;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The worker indices of each service: never reused, so that {@code api:0} restarted is {@code api:1}, except the
 * index of a spare JVM that never ran its application, which it gives back for the next worker. Loop only.
 */
final class WorkerIndexes {
    private final Map<String, Integer> next = new HashMap<>();
    private final Map<String, TreeSet<Integer>> givenBack = new HashMap<>();

    /** The next free index of the service: the lowest one given back, else a new one. */
    int next(String serviceId) {
        TreeSet<Integer> back = givenBack.get(serviceId);
        if (back != null && !back.isEmpty()) {
            return back.pollFirst();
        }
        return next.merge(serviceId, 1, Integer::sum) - 1;
    }

    /** {@code index} of the service was never used by an application: the next worker may take it. */
    void giveBack(String serviceId, int index) {
        givenBack.computeIfAbsent(serviceId, id -> new TreeSet<>()).add(index);
    }
}
