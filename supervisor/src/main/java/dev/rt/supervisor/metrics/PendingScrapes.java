package dev.rt.supervisor.metrics;

import dev.rt.protocol.MetricsReport;
import dev.rt.protocol.MetricsRequest;
import dev.rt.supervisor.agent.AgentConnection;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Metrics requests sent to workers and not answered yet, by id. A request fails when its worker is gone, and
 * times out when the worker does not answer in time; a late answer is dropped. Thread-safe.
 */
public final class PendingScrapes {
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<MetricsReport>> pending = new ConcurrentHashMap<>();

    /** Sends a {@link MetricsRequest} on {@code connection}; the future completes with the answer. */
    public CompletableFuture<MetricsReport> request(AgentConnection connection, Duration timeout) {
        long id = ids.incrementAndGet();
        CompletableFuture<MetricsReport> answer = new CompletableFuture<>();
        pending.put(id, answer);
        answer.whenComplete((report, error) -> pending.remove(id));
        if (!connection.send(new MetricsRequest(id))) {
            answer.completeExceptionally(new IllegalStateException(connection + " is no longer connected"));
        }
        return answer.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A worker's answer. */
    public void answered(MetricsReport report) {
        CompletableFuture<MetricsReport> answer = pending.remove(report.id());
        if (answer != null) {
            answer.complete(report);
        }
    }

    int size() {
        return pending.size();
    }
}
