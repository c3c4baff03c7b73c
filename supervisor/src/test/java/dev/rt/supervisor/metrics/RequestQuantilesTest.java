package dev.rt.supervisor.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Percentage.withPercentage;

import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestQuantilesTest {
    private static final long MS = 1_000_000;
    private static final Labels LABELS = Labels.of("serviceId", "api");

    private static Map<Double, Double> quantiles(SummaryDataPointSnapshot point) {
        Map<Double, Double> values = new HashMap<>();
        for (Quantile quantile : point.getQuantiles()) {
            values.put(quantile.getQuantile(), quantile.getValue());
        }
        return values;
    }

    @Test
    void quantilesOfAUniformSpreadAreWithinOnePercentAndCountAndSumAreExact() {
        RequestQuantiles summary = new RequestQuantiles(0);
        double sum = 0;
        for (int ms = 1; ms <= 1000; ms++) {
            summary.observe(ms * MS);
            sum += ms / 1000.0;
        }
        SummaryDataPointSnapshot point = summary.snapshot(LABELS, 1);

        assertThat(point.getCount()).isEqualTo(1000);
        assertThat(point.getSum()).isCloseTo(sum, withPercentage(0.0001));
        Map<Double, Double> q = quantiles(point);
        assertThat(q.keySet()).containsExactlyInAnyOrderElementsOf(RequestQuantiles.QUANTILES);
        assertThat(q.get(0.01)).isCloseTo(0.010, withPercentage(1));
        assertThat(q.get(0.5)).isCloseTo(0.500, withPercentage(1));
        assertThat(q.get(0.9)).isCloseTo(0.900, withPercentage(1));
        assertThat(q.get(0.999)).isCloseTo(0.999, withPercentage(1));
    }

    @Test
    void observationsLeaveTheQuantilesAfterMaxAgeButStayInCountAndSum() {
        Duration maxAge = Duration.ofMinutes(10);
        long age = maxAge.toNanos() / RequestQuantiles.AGE_BUCKETS;
        RequestQuantiles summary = new RequestQuantiles(0, maxAge);
        summary.observe(100 * MS);
        assertThat(quantiles(summary.snapshot(LABELS, 0)).get(0.5)).isCloseTo(0.1, withPercentage(1));

        summary.observe(2 * MS);
        SummaryDataPointSnapshot inWindow = summary.snapshot(LABELS, 3 * age);
        assertThat(quantiles(inWindow).get(0.999)).as("still within max age").isCloseTo(0.1, withPercentage(1));
        assertThat(quantiles(inWindow).get(0.01)).isCloseTo(0.002, withPercentage(1));

        SummaryDataPointSnapshot later = summary.snapshot(LABELS, 5 * age);
        assertThat(quantiles(later).get(0.999)).as("the 100 ms request aged out").isCloseTo(0.002, withPercentage(1));

        SummaryDataPointSnapshot empty = summary.snapshot(LABELS, 20 * age);
        assertThat(quantiles(empty).get(0.5)).isNaN();
        assertThat(empty.getCount()).isEqualTo(2);
        assertThat(empty.getSum()).isCloseTo(0.102, withPercentage(0.0001));
    }

    @Test
    void durationsBeyondTheRangeAreClampedNotLost() {
        RequestQuantiles summary = new RequestQuantiles(0);
        summary.observe(0);
        summary.observe(Duration.ofHours(5).toNanos());
        SummaryDataPointSnapshot point = summary.snapshot(LABELS, 1);
        assertThat(point.getCount()).isEqualTo(2);
        assertThat(quantiles(point).get(0.01)).isCloseTo(0.000001, withPercentage(1));
        assertThat(quantiles(point).get(0.999)).isCloseTo(3600, withPercentage(1));
    }

    @Test
    void recordingAllocatesNothing() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        RequestQuantiles summary = new RequestQuantiles(0);
        for (int i = 0; i < 200_000; i++) { // past the interpreter
            summary.observe(i * 1000L);
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 1_000_000; i++) {
            summary.observe(i * 1000L);
        }
        long bytes = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(bytes).as("bytes allocated by a million observations").isLessThan(100_000);
    }
}
