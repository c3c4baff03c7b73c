package dev.rt.supervisor.history;

import dev.rt.protocol.Stats;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What one worker reported since the last column: its latest {@code Stats} frame (set by its agent socket's reader
 * thread), and the requests the proxy answered for it (a wait-free HdrHistogram {@link Recorder} of latencies in
 * microseconds, and a counter of 5xx answers, fed from the proxy's event loops). {@link #sample} turns that into one
 * column's figures on the history's thread. Latencies above a minute count as a minute.
 */
final class WorkerSamples {
    static final long MAX_MICROS = TimeUnit.MINUTES.toMicros(1);
    /** A {@code Stats} frame older than this is no figure for the current second: the worker has stopped sending. */
    static final long FRESH_NANOS = TimeUnit.MILLISECONDS.toNanos(2500);

    final String serviceId;
    final int index;
    private volatile long pid;
    private volatile Stats stats;
    private volatile long statsAtNanos;
    private final Recorder latencies = new Recorder(1, MAX_MICROS, 2);
    private final LongAdder errors = new LongAdder();
    private Histogram interval;  // the history thread's
    private long errorsBefore;   // the history thread's
    private long sampledAtNanos; // the history thread's

    WorkerSamples(String serviceId, int index, long nowNanos) {
        this.serviceId = serviceId;
        this.index = index;
        this.sampledAtNanos = nowNanos;
        this.statsAtNanos = nowNanos;
    }

    void stats(long pid, Stats stats, long nowNanos) {
        this.pid = pid;
        this.stats = stats;
        this.statsAtNanos = nowNanos;
    }

    void answered(int status, long nanos) {
        latencies.recordValue(Math.min(Math.max(nanos / 1000, 1), MAX_MICROS));
        if (status >= 500) {
            errors.increment();
        }
    }

    /** Whether it has sent nothing for {@code nanos}: a worker that is gone. */
    boolean silentFor(long nanos, long nowNanos) {
        return nowNanos - statsAtNanos > nanos;
    }

    long pid() {
        return pid;
    }

    /**
     * Fills {@code column} ({@link Series} order) with the figures since the last call: the latest {@code Stats},
     * the resident memory now, requests and 5xx answers per second, p50 and p99 in milliseconds (NaN without
     * requests). False, leaving the column as it was, when no fresh {@code Stats} came: the worker has no figure.
     */
    boolean sample(long nowNanos, float[] column) {
        Stats latest = stats;
        interval = latencies.getIntervalHistogram(interval);
        long errorsNow = errors.sum();
        double seconds = Math.max(1e-3, (nowNanos - sampledAtNanos) / 1e9);
        long count = interval.getTotalCount();
        float requests = (float) (count / seconds);
        float errorRate = (float) ((errorsNow - errorsBefore) / seconds);
        sampledAtNanos = nowNanos;
        errorsBefore = errorsNow;
        if (latest == null || nowNanos - statsAtNanos > FRESH_NANOS) {
            return false;
        }
        column[Series.ELU.ordinal()] = (float) latest.elu();
        column[Series.CPU.ordinal()] = (float) latest.cpu();
        column[Series.HEAP_USED.ordinal()] = latest.heapUsed();
        column[Series.HEAP_TOTAL.ordinal()] = latest.heapTotal();
        column[Series.RSS.ordinal()] = ResidentMemory.of(pid);
        column[Series.REQUESTS.ordinal()] = requests;
        column[Series.P50.ordinal()] = count == 0 ? Float.NaN : interval.getValueAtPercentile(50) / 1000f;
        column[Series.P99.ordinal()] = count == 0 ? Float.NaN : interval.getValueAtPercentile(99) / 1000f;
        column[Series.ERRORS.ordinal()] = errorRate;
        return true;
    }
}
