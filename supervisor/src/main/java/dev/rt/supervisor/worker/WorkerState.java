package dev.rt.supervisor.worker;

/**
 * The life of one worker JVM: {@code STARTING -> STARTED -> STOPPING -> STOPPED}, or {@code EXITED} when it
 * ends on its own (or fails to start). A worker id ({@code service:index}) is never reused.
 */
public enum WorkerState {
    STARTING, STARTED, STOPPING, STOPPED, EXITED;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
