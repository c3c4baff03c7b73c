package dev.rt.supervisor.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code rt_service_restarts_total{serviceId}}: how many times each service was restarted, after a crash (a
 * replacement worker that started) or on request (a reload of the service). Every configured service
 * appears from the start, at 0. Thread-safe.
 */
public final class ServiceRestarts {
    static final String NAME = "rt_service_restarts";
    private final Map<String, LongAdder> counts = new LinkedHashMap<>();

    public ServiceRestarts(List<String> serviceIds) {
        serviceIds.forEach(id -> counts.put(id, new LongAdder()));
    }

    public void increment(String serviceId) {
        LongAdder count = counts.get(serviceId);
        if (count != null) {
            count.increment();
        }
    }

    public long count(String serviceId) {
        LongAdder count = counts.get(serviceId);
        return count == null ? 0 : count.sum();
    }

    CounterSnapshot collect() {
        List<CounterSnapshot.CounterDataPointSnapshot> points = new ArrayList<>();
        counts.forEach((id, count) -> points.add(new CounterSnapshot.CounterDataPointSnapshot(count.sum(),
                Labels.of("serviceId", id), null, 0)));
        return new CounterSnapshot(new MetricMetadata(NAME, "Number of restarts of each service"), points);
    }
}
