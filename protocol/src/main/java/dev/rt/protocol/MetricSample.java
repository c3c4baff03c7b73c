package dev.rt.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One data point of a {@link MetricFamily}. Counters, gauges and unknowns use {@code value}; histograms and
 * summaries {@code count} and {@code sum}, histograms also {@code buckets} and summaries {@code quantiles};
 * an info sample is its labels (value 1). Fields a type does not use are 0 or empty.
 *
 * @param buckets cumulative counts per upper bound, the last one {@code +Inf}
 */
public record MetricSample(Map<String, String> labels, double value, long count, double sum, List<Bucket> buckets,
        List<Quantile> quantiles) {

    public MetricSample {
        labels = Map.copyOf(Objects.requireNonNull(labels, "labels"));
        buckets = List.copyOf(Objects.requireNonNull(buckets, "buckets"));
        quantiles = List.copyOf(Objects.requireNonNull(quantiles, "quantiles"));
    }

    /** A counter, gauge, info or unknown sample. */
    public static MetricSample of(Map<String, String> labels, double value) {
        return new MetricSample(labels, value, 0, 0, List.of(), List.of());
    }

    /** A histogram bucket: {@code count} observations were at most {@code le}. */
    public record Bucket(double le, long count) {
    }

    /** A summary quantile. */
    public record Quantile(double quantile, double value) {
    }
}
