package dev.rt.supervisor.metrics;

import java.util.concurrent.CompletableFuture;

/** What the {@link MetricsServer} serves: the supervisor's metrics and probes. */
public interface MetricsSource {
    /** The aggregated metrics of the whole runtime. */
    CompletableFuture<String> metrics(MetricsFormat format);

    /** Readiness: every service has at least one started worker. */
    boolean ready();

    /** Liveness: no service quarantined and the supervisor loop answering; completes false rather than failing. */
    CompletableFuture<Boolean> live();
}
