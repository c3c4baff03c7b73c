package dev.rt.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One data point of a {@link MetricFamily}. Counters, gauges and unknowns use {@code value}; histograms and
 * summaries {@code count} and {@code sum}, histograms also {@code buckets} and summaries {@code quantiles};
 * an info sample is its labels (value 1). Fields a type does not use are 0 or empty.
 *
 * On the wire a sample is a JSON array {@code [labels, value, count, sum, buckets, quantiles]}, a bucket
 * {@code [le, count]} and a quantile {@code [quantile, value]}: a worker sends hundreds of them per scrape,
 * and field names would double the bytes to write and parse.
 *
 * @param buckets the count of each bucket (not cumulative) by upper bound, the last one {@code +Inf}
 */
@Positional
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

    /** A histogram bucket: {@code count} observations were above the previous bucket's bound and at most {@code le}. */
    @Positional
    public record Bucket(double le, long count) {
    }

    /** A summary quantile. */
    @Positional
    public record Quantile(double quantile, double value) {
    }
}
