package dev.rt.supervisor.scheduler;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The names of the jobs paused through the management API, kept by {@code rt start} for its whole life: a restart
 * of the runtime ({@code rt ctl reload}) builds a new scheduler, which pauses them again before they can fire. With
 * {@code schedulerCluster} the database keeps that state instead, for every replica.
 */
public final class PausedJobs {
    private final Set<String> names = ConcurrentHashMap.newKeySet();

    boolean contains(String name) {
        return names.contains(name);
    }

    void paused(String name) {
        names.add(name);
    }

    void resumed(String name) {
        names.remove(name);
    }
}
