package dev.rt.supervisor.worker;

/**
 * What the supervisor does for its workers beside running them: export the spans they record, and remove what
 * they ask from the HTTP cache.
 */
public record WorkerServices(WorkerSpans spans, CacheInvalidations cache) {
    public static final WorkerServices NONE = new WorkerServices(WorkerSpans.NONE, CacheInvalidations.NONE);
}
