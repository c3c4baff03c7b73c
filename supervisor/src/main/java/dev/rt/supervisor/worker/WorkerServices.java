package dev.rt.supervisor.worker;

import java.util.Objects;

/**
 * What the supervisor does for its workers beside running them: export the spans they record, remove what
 * they ask from the HTTP cache, keep the figures they report (the history {@code rt admin} charts), and hand them
 * the key of the identities the runtime seals ({@code identityKey}, base64; empty for none).
 */
public record WorkerServices(WorkerSpans spans, CacheInvalidations cache, WorkerStatsListener stats,
        String identityKey) {
    public static final WorkerServices NONE = new WorkerServices(WorkerSpans.NONE, CacheInvalidations.NONE);

    public WorkerServices {
        Objects.requireNonNull(identityKey, "identityKey");
    }

    public WorkerServices(WorkerSpans spans, CacheInvalidations cache) {
        this(spans, cache, WorkerStatsListener.NONE, "");
    }
}
