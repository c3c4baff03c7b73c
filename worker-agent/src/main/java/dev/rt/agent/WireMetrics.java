package dev.rt.agent;

import dev.rt.protocol.MetricFamily;
import dev.rt.protocol.MetricSample;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBucket;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Label;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.StateSetSnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * client_java snapshots to the protocol's {@link MetricFamily} records, types kept: counters, gauges,
 * histograms (classic buckets, counts per bucket), summaries (quantiles), info; a state set becomes a gauge
 * per state (labelled with the family's name, as the text format writes it).
 */
final class WireMetrics {
    private WireMetrics() {
    }

    static List<MetricFamily> of(MetricSnapshots snapshots) {
        List<MetricFamily> families = new ArrayList<>(snapshots.size());
        for (MetricSnapshot snapshot : snapshots) {
            String name = snapshot.getMetadata().getName();
            String help = snapshot.getMetadata().getHelp() == null ? "" : snapshot.getMetadata().getHelp();
            String unit = snapshot.getMetadata().hasUnit() ? snapshot.getMetadata().getUnit().toString() : "";
            List<MetricSample> samples = new ArrayList<>();
            String type = MetricFamily.UNKNOWN;
            if (snapshot instanceof CounterSnapshot counter) {
                type = MetricFamily.COUNTER;
                counter.getDataPoints().forEach(p -> samples.add(MetricSample.of(labels(p), p.getValue())));
            } else if (snapshot instanceof GaugeSnapshot gauge) {
                type = MetricFamily.GAUGE;
                gauge.getDataPoints().forEach(p -> samples.add(MetricSample.of(labels(p), p.getValue())));
            } else if (snapshot instanceof HistogramSnapshot histogram) {
                type = MetricFamily.HISTOGRAM;
                histogram.getDataPoints().forEach(p -> samples.add(histogram(p)));
            } else if (snapshot instanceof SummarySnapshot summary) {
                type = MetricFamily.SUMMARY;
                summary.getDataPoints().forEach(p -> samples.add(summary(p)));
            } else if (snapshot instanceof InfoSnapshot info) {
                type = MetricFamily.INFO;
                info.getDataPoints().forEach(p -> samples.add(MetricSample.of(labels(p), 1)));
            } else if (snapshot instanceof StateSetSnapshot stateSet) {
                type = MetricFamily.GAUGE;
                for (StateSetSnapshot.StateSetDataPointSnapshot point : stateSet.getDataPoints()) {
                    for (StateSetSnapshot.State state : point) {
                        Map<String, String> labels = new HashMap<>(labels(point));
                        labels.put(name, state.getName());
                        samples.add(MetricSample.of(labels, state.isTrue() ? 1 : 0));
                    }
                }
            } else if (snapshot instanceof UnknownSnapshot unknown) {
                unknown.getDataPoints().forEach(p -> samples.add(MetricSample.of(labels(p), p.getValue())));
            }
            families.add(new MetricFamily(name, help, unit, type, samples));
        }
        return families;
    }

    private static MetricSample histogram(HistogramSnapshot.HistogramDataPointSnapshot point) {
        List<MetricSample.Bucket> buckets = new ArrayList<>();
        if (point.hasClassicHistogramData()) {
            for (ClassicHistogramBucket bucket : point.getClassicBuckets()) {
                buckets.add(new MetricSample.Bucket(bucket.getUpperBound(), bucket.getCount()));
            }
        } else {
            buckets.add(new MetricSample.Bucket(Double.POSITIVE_INFINITY, point.getCount()));
        }
        return new MetricSample(labels(point), 0, point.getCount(), point.hasSum() ? point.getSum() : 0, buckets,
                List.of());
    }

    private static MetricSample summary(SummarySnapshot.SummaryDataPointSnapshot point) {
        List<MetricSample.Quantile> quantiles = new ArrayList<>();
        point.getQuantiles().forEach(q -> quantiles.add(new MetricSample.Quantile(q.getQuantile(), q.getValue())));
        return new MetricSample(labels(point), 0, point.hasCount() ? point.getCount() : 0,
                point.hasSum() ? point.getSum() : 0, List.of(), quantiles);
    }

    private static Map<String, String> labels(DataPointSnapshot point) {
        Map<String, String> labels = new HashMap<>();
        for (Label label : point.getLabels()) {
            labels.put(label.getName(), label.getValue());
        }
        return labels;
    }
}
