package dev.rt.supervisor.worker;

/**
 * What the supervisor does for its workers beside running them: export the spans they record, remove what
 * they ask from the HTTP cache, and keep the figures they report (the history {@code rt admin} charts).
 */
public record WorkerServices(WorkerSpans spans, CacheInvalidations cache, WorkerStatsListener stats) {
    public static final WorkerServices NONE = new WorkerServices(WorkerSpans.NONE, CacheInvalidations.NONE);

    public WorkerServices(WorkerSpans spans, CacheInvalidations cache) {
        this(spans, cache, WorkerStatsListener.NONE);
    }
}
