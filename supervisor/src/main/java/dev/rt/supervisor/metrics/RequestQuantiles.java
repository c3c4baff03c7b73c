package dev.rt.supervisor.metrics;

import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.Recorder;

/**
 * One series of the request summary: a count and a sum since the start, and quantiles over a sliding window
 * (the last 8 to 10 minutes, in 5 age buckets, as client_java's {@code Summary} defaults). Recording is one
 * wait-free HdrHistogram {@link Recorder} update and two adders, allocating nothing, where client_java's
 * {@code Summary} with these quantiles allocates on every request (measured in bench/RESULTS.md). Durations
 * are kept in microseconds with two significant digits (quantiles within 1 %), up to an hour.
 *
 * <p>{@link #observe} may be called from any thread; {@link #snapshot} folds what was recorded since the last
 * snapshot into the current age bucket and is serialised.
 */
final class RequestQuantiles {
    static final List<Double> QUANTILES = List.of(0.01, 0.05, 0.5, 0.9, 0.95, 0.99, 0.999);
    static final Duration MAX_AGE = Duration.ofMinutes(10);
    static final int AGE_BUCKETS = 5;
    private static final long MAX_MICROS = Duration.ofHours(1).toNanos() / 1000;
    private static final int DIGITS = 2;

    private final LongAdder count = new LongAdder();
    private final DoubleAdder sum = new DoubleAdder();
    private final Recorder recorder = new Recorder(1, MAX_MICROS, DIGITS);
    private final long ageNanos;
    private final IntCountsHistogram[] ages = new IntCountsHistogram[AGE_BUCKETS]; // guarded by this
    private final IntCountsHistogram window = new IntCountsHistogram(1, MAX_MICROS, DIGITS);
    private Histogram interval;
    private int current;
    private long rotatedAtNanos;

    RequestQuantiles(long nowNanos) {
        this(nowNanos, MAX_AGE);
    }

    RequestQuantiles(long nowNanos, Duration maxAge) {
        this.ageNanos = maxAge.toNanos() / AGE_BUCKETS;
        this.rotatedAtNanos = nowNanos;
        for (int i = 0; i < AGE_BUCKETS; i++) {
            ages[i] = new IntCountsHistogram(1, MAX_MICROS, DIGITS);
        }
    }

    void observe(long nanos) {
        recorder.recordValue(Math.min(Math.max(nanos / 1000, 1), MAX_MICROS));
        count.increment();
        sum.add(nanos / 1e9);
    }

    synchronized SummaryDataPointSnapshot snapshot(Labels labels, long nowNanos) {
        interval = recorder.getIntervalHistogram(interval);
        rotate(nowNanos);
        ages[current].add(interval);
        window.reset();
        for (IntCountsHistogram age : ages) {
            window.add(age);
        }
        Quantiles.Builder quantiles = Quantiles.builder();
        for (double quantile : QUANTILES) {
            quantiles.quantile(quantile, window.getTotalCount() == 0 ? Double.NaN
                    : window.medianEquivalentValue(window.getValueAtPercentile(quantile * 100)) / 1e6);
        }
        return SummaryDataPointSnapshot.builder().labels(labels).count(count.sum()).sum(sum.sum())
                .quantiles(quantiles.build()).build();
    }

    /** Moves to the age bucket of {@code nowNanos}, emptying the buckets it passes. */
    private void rotate(long nowNanos) {
        long steps = (nowNanos - rotatedAtNanos) / ageNanos;
        for (long i = 0; i < Math.min(steps, AGE_BUCKETS); i++) {
            current = (current + 1) % AGE_BUCKETS;
            ages[current].reset();
        }
        rotatedAtNanos += steps * ageNanos;
    }
}
