package dev.rt.supervisor.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.StateSetSnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gathers snapshots from every source into one family per name, so that the exposition has exactly one
 * {@code # HELP}/{@code # TYPE} block per family: the data points of all workers (and of the supervisor, for
 * the process metrics it shares with them) end up under the first source's metadata. A family whose type
 * differs from the first one of that name, or a data point whose labels repeat, is dropped.
 */
final class SnapshotMerge {
    private final Map<String, MetricSnapshot> first = new LinkedHashMap<>();
    private final Map<String, List<DataPointSnapshot>> points = new LinkedHashMap<>();
    private final Map<String, Set<Labels>> seen = new HashMap<>();

    void add(List<? extends MetricSnapshot> snapshots) {
        snapshots.forEach(this::add);
    }

    void add(MetricSnapshot snapshot) {
        String name = snapshot.getMetadata().getPrometheusName();
        MetricSnapshot known = first.putIfAbsent(name, snapshot);
        if (known != null && known.getClass() != snapshot.getClass()) {
            return;
        }
        List<DataPointSnapshot> all = points.computeIfAbsent(name, n -> new ArrayList<>());
        Set<Labels> labels = seen.computeIfAbsent(name, n -> new HashSet<>());
        for (DataPointSnapshot point : snapshot.getDataPoints()) {
            if (labels.add(point.getLabels())) {
                all.add(point);
            }
        }
    }

    MetricSnapshots result() {
        List<MetricSnapshot> merged = new ArrayList<>(first.size());
        first.forEach((name, snapshot) -> merged.add(merge(snapshot, points.get(name))));
        return new MetricSnapshots(merged);
    }

    @SuppressWarnings("unchecked")
    private static MetricSnapshot merge(MetricSnapshot first, List<DataPointSnapshot> points) {
        List<?> all = points;
        if (first instanceof CounterSnapshot) {
            return new CounterSnapshot(first.getMetadata(), (List<CounterSnapshot.CounterDataPointSnapshot>) all);
        } else if (first instanceof GaugeSnapshot) {
            return new GaugeSnapshot(first.getMetadata(), (List<GaugeSnapshot.GaugeDataPointSnapshot>) all);
        } else if (first instanceof HistogramSnapshot) {
            return new HistogramSnapshot(first.getMetadata(), (List<HistogramSnapshot.HistogramDataPointSnapshot>) all);
        } else if (first instanceof SummarySnapshot) {
            return new SummarySnapshot(first.getMetadata(), (List<SummarySnapshot.SummaryDataPointSnapshot>) all);
        } else if (first instanceof InfoSnapshot) {
            return new InfoSnapshot(first.getMetadata(), (List<InfoSnapshot.InfoDataPointSnapshot>) all);
        } else if (first instanceof StateSetSnapshot) {
            return new StateSetSnapshot(first.getMetadata(), (List<StateSetSnapshot.StateSetDataPointSnapshot>) all);
        }
        return new UnknownSnapshot(first.getMetadata(), (List<UnknownSnapshot.UnknownDataPointSnapshot>) all);
    }
}
