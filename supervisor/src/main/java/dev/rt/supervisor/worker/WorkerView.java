package dev.rt.supervisor.worker;

import java.util.OptionalInt;

/** A snapshot of one worker for callers outside the supervisor loop (tests, status output). */
public record WorkerView(String serviceId, int index, long pid, OptionalInt port, WorkerState state) {
    public String label() {
        return serviceId + ":" + index;
    }
}
