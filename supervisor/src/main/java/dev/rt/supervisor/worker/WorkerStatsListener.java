package dev.rt.supervisor.worker;

import dev.rt.protocol.Stats;

/** Hears each worker's {@code Stats} frame as it arrives (every second), beside the health checks that judge it. */
@FunctionalInterface
public interface WorkerStatsListener {
    WorkerStatsListener NONE = (serviceId, index, pid, stats) -> { };

    /** Called on the worker's agent socket reader thread: it must be quick and never block. */
    void received(String serviceId, int index, long pid, Stats stats);
}
