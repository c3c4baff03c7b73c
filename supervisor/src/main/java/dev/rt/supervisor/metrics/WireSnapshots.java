package dev.rt.supervisor.metrics;

import dev.rt.protocol.MetricFamily;
import dev.rt.protocol.MetricSample;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A worker's wire families back to client_java snapshots, each sample labelled with the worker's
 * {@code serviceId} and {@code workerId} (replacing labels of those names the worker set itself). A family that
 * cannot be rebuilt, or whose metric or label names the 0.0.4 text format cannot carry unescaped, is left out
 * rather than failing the whole scrape.
 */
final class WireSnapshots {
    private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    private WireSnapshots() {
    }

    static List<MetricSnapshot> of(List<MetricFamily> families, String serviceId, int workerIndex) {
        String workerId = Integer.toString(workerIndex);
        List<MetricSnapshot> snapshots = new ArrayList<>(families.size());
        for (MetricFamily family : families) {
            of(family, serviceId, workerId).ifPresent(snapshots::add);
        }
        return snapshots;
    }

    private static Optional<MetricSnapshot> of(MetricFamily family, String serviceId, String workerId) {
        if (!METRIC_NAME.matcher(family.name()).matches() || family.samples().stream()
                .anyMatch(s -> s.labels().keySet().stream().anyMatch(l -> !LABEL_NAME.matcher(l).matches()))) {
            return Optional.empty();
        }
        try {
            MetricMetadata metadata = family.unit().isEmpty() ? new MetricMetadata(family.name(), family.help())
                    : new MetricMetadata(family.name(), family.help(), new Unit(family.unit()));
            List<MetricSample> samples = family.samples();
            return Optional.of(switch (family.type()) {
                case MetricFamily.COUNTER -> new CounterSnapshot(metadata, samples.stream()
                        .map(s -> new CounterSnapshot.CounterDataPointSnapshot(s.value(), labels(s, serviceId, workerId),
                                null, 0)).toList());
                case MetricFamily.GAUGE -> new GaugeSnapshot(metadata, samples.stream()
                        .map(s -> new GaugeSnapshot.GaugeDataPointSnapshot(s.value(), labels(s, serviceId, workerId),
                                null)).toList());
                case MetricFamily.HISTOGRAM -> new HistogramSnapshot(metadata, samples.stream()
                        .map(s -> histogram(s, labels(s, serviceId, workerId))).toList());
                case MetricFamily.SUMMARY -> new SummarySnapshot(metadata, samples.stream()
                        .map(s -> summary(s, labels(s, serviceId, workerId))).toList());
                case MetricFamily.INFO -> new InfoSnapshot(metadata, samples.stream()
                        .map(s -> new InfoSnapshot.InfoDataPointSnapshot(labels(s, serviceId, workerId))).toList());
                default -> new UnknownSnapshot(metadata, samples.stream()
                        .map(s -> new UnknownSnapshot.UnknownDataPointSnapshot(s.value(), labels(s, serviceId, workerId),
                                null)).toList());
            });
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static HistogramSnapshot.HistogramDataPointSnapshot histogram(MetricSample sample, Labels labels) {
        double[] bounds = new double[sample.buckets().size()];
        long[] counts = new long[bounds.length];
        for (int i = 0; i < bounds.length; i++) {
            bounds[i] = sample.buckets().get(i).le();
            counts[i] = sample.buckets().get(i).count();
        }
        return new HistogramSnapshot.HistogramDataPointSnapshot(ClassicHistogramBuckets.of(bounds, counts),
                sample.sum(), labels, Exemplars.EMPTY, 0);
    }

    private static SummarySnapshot.SummaryDataPointSnapshot summary(MetricSample sample, Labels labels) {
        List<Quantile> quantiles = sample.quantiles().stream().map(q -> new Quantile(q.quantile(), q.value())).toList();
        return new SummarySnapshot.SummaryDataPointSnapshot(sample.count(), sample.sum(), Quantiles.of(quantiles),
                labels, Exemplars.EMPTY, 0);
    }

    private static Labels labels(MetricSample sample, String serviceId, String workerId) {
        Map<String, String> sorted = new TreeMap<>(sample.labels());
        sorted.put("serviceId", serviceId);
        sorted.put("workerId", workerId);
        return Labels.of(List.copyOf(sorted.keySet()), List.copyOf(sorted.values()));
    }
}
