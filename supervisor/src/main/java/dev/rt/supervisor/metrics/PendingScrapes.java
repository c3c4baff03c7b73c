package dev.rt.supervisor.metrics;

import dev.rt.protocol.MetricsReport;
import dev.rt.protocol.MetricsRequest;
import dev.rt.supervisor.agent.AgentConnection;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Metrics requests sent to workers and not answered yet, by id, and each worker's latest answer. A scrape waits at
 * most its timeout for a worker; one that answers later (a worker registering its JVM metrics at its first scrape
 * on a busy machine, say) still has its answer kept, and the next scrape that it misses again uses that one rather
 * than nothing. A worker has at most one request outstanding: a scrape while one is waits for that one. A request
 * fails when its worker is gone. Thread-safe.
 */
public final class PendingScrapes {
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<MetricsReport>> pending = new ConcurrentHashMap<>();
    private final Map<AgentConnection, CompletableFuture<MetricsReport>> outstanding =
            Collections.synchronizedMap(new WeakHashMap<>());
    private final Map<AgentConnection, MetricsReport> latest = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The worker's answer within {@code timeout}, else its latest answer to an earlier request (late or not), else
     * empty; empty too when the worker is gone.
     */
    public CompletableFuture<Optional<MetricsReport>> request(AgentConnection connection, Duration timeout) {
        CompletableFuture<MetricsReport> answer;
        boolean fresh;
        synchronized (outstanding) {
            answer = outstanding.get(connection);
            fresh = answer == null;
            if (fresh) {
                answer = new CompletableFuture<>();
                outstanding.put(connection, answer);
            }
        }
        if (fresh) {
            send(connection, answer);
        }
        CompletableFuture<MetricsReport> sent = answer;
        return answer.copy().orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(Optional::of)
                .exceptionally(error -> sent.isCompletedExceptionally() ? Optional.empty()
                        : Optional.ofNullable(latest.get(connection)));
    }

    private void send(AgentConnection connection, CompletableFuture<MetricsReport> answer) {
        long id = ids.incrementAndGet();
        pending.put(id, answer);
        answer.whenComplete((report, error) -> {
            pending.remove(id);
            outstanding.remove(connection);
            if (report != null) {
                latest.put(connection, report);
            } else {
                latest.remove(connection);
            }
        });
        if (!connection.send(new MetricsRequest(id))) {
            answer.completeExceptionally(new IllegalStateException(connection + " is no longer connected"));
        }
    }

    /** A worker's answer, in time or not. */
    public void answered(MetricsReport report) {
        CompletableFuture<MetricsReport> answer = pending.get(report.id());
        if (answer != null) {
            answer.complete(report);
        }
    }

    int size() {
        return pending.size();
    }
}
