package dev.rt.supervisor.history;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.rt.protocol.Stats;
import dev.rt.supervisor.concurrent.DaemonThreads;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.route.Upstream;
import dev.rt.supervisor.worker.WorkerStatsListener;
import io.netty.handler.codec.http.HttpMethod;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The runtime's last fifteen minutes, one column a second: each worker's ELU, CPU, heap used and committed (from the
 * {@code Stats} frame its agent sends every second anyway), resident memory (read from {@code /proc} at the tick),
 * requests per second, p50, p99 and 5xx answers per second (from the requests the proxy answers, which it reports
 * to this as a {@link RequestObserver}). Its own thread closes a column each second ({@link #tick}); it costs the
 * runtime that and a latency recording per request, whether or not anyone looks. Memory: see {@link #SECONDS} and
 * {@link #MAX_ROWS}, stated in docs/admin.md and measured by {@code RuntimeHistoryMemoryTest}.
 */
public final class RuntimeHistory implements RequestObserver, WorkerStatsListener, AutoCloseable {
    /** The window kept, in one-second columns: fifteen minutes. */
    public static final int SECONDS = 900;
    /** Workers kept at once, those replaced included while their last figures are in the window. */
    public static final int MAX_ROWS = 128;
    /** A worker silent this long is gone: its recorders are dropped (its row stays until it scrolls out). */
    static final long GONE_NANOS = TimeUnit.SECONDS.toNanos(15);
    private static final JsonFactory JSON = new JsonFactory();

    private final HistoryRing ring;
    private final Map<String, WorkerSamples> workers = new ConcurrentHashMap<>();
    private final Map<Upstream, WorkerSamples> byUpstream = new ConcurrentHashMap<>();
    private final float[] column = new float[Series.ALL.length]; // the history thread's
    private final ScheduledExecutorService ticks;

    RuntimeHistory(int seconds, int maxRows, ScheduledExecutorService ticks) {
        this.ring = new HistoryRing(seconds, maxRows);
        this.ticks = ticks;
    }

    /** A history that closes a column every second on a daemon thread of its own, from the next second on. */
    public static RuntimeHistory start() {
        ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rt-history"));
        RuntimeHistory history = new RuntimeHistory(SECONDS, MAX_ROWS, ticks);
        long delay = 1020 - System.currentTimeMillis() % 1000; // just after each second begins
        ticks.scheduleAtFixedRate(() -> history.tick(Math.round(System.currentTimeMillis() / 1000.0), System.nanoTime()),
                delay, 1000, TimeUnit.MILLISECONDS);
        return history;
    }

    @Override
    public void received(String serviceId, int index, long pid, Stats stats) {
        long now = System.nanoTime();
        samples(serviceId, index, now).stats(pid, stats, now);
    }

    @Override
    public void answered(Upstream upstream, HttpMethod method, int status, long nanos) {
        WorkerSamples samples = byUpstream.get(upstream);
        if (samples == null) {
            samples = byUpstream.computeIfAbsent(upstream,
                    u -> samples(u.serviceId(), u.workerIndex(), System.nanoTime()));
        }
        samples.answered(status, nanos);
    }

    /** Tells {@code first}, then {@code second}, of each request. */
    public static RequestObserver both(RequestObserver first, RequestObserver second) {
        return (upstream, method, status, nanos) -> {
            first.answered(upstream, method, status, nanos);
            second.answered(upstream, method, status, nanos);
        };
    }

    private WorkerSamples samples(String serviceId, int index, long now) {
        return workers.computeIfAbsent(serviceId + ":" + index, key -> new WorkerSamples(serviceId, index, now));
    }

    /** Closes the column of {@code epochSecond}: every worker's figures since the last one. */
    void tick(long epochSecond, long nowNanos) {
        try {
            ring.open(epochSecond);
            for (WorkerSamples samples : workers.values()) {
                if (samples.sample(nowNanos, column)) {
                    ring.put(samples.serviceId, samples.index, samples.pid(), column);
                }
            }
            workers.values().removeIf(samples -> samples.silentFor(GONE_NANOS, nowNanos));
            byUpstream.values().removeIf(samples -> samples.silentFor(GONE_NANOS, nowNanos));
        } catch (RuntimeException e) {
            // one bad second must not end the ticks (a scheduled task that throws is never run again)
        }
    }

    /**
     * The columns after {@code since} (an epoch second; 0 for all fifteen minutes) as JSON:
     * {@code {interval, start, length, series, workers: [{service, worker, pid, data: [[...]...]}]}}.
     */
    public byte[] json(long since) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        try (JsonGenerator json = JSON.createGenerator(out)) {
            ring.write(json, since);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The epoch second of the newest column. */
    public long newest() {
        return ring.newest();
    }

    @Override
    public void close() {
        if (ticks != null) {
            ticks.shutdownNow();
        }
    }
}
