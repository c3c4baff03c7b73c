package dev.rt.supervisor.cache;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.List;

/**
 * The cache's metrics, in the supervisor's own registry: {@code rt_http_cache_hits_total},
 * {@code rt_http_cache_misses_total}, {@code rt_http_cache_stored_total}, {@code rt_http_cache_too_large_total},
 * {@code rt_http_cache_store_errors_total}, and the gauges {@code rt_http_cache_entries} and
 * {@code rt_http_cache_bytes} (-1 when the store cannot tell), read from the store once per scrape.
 */
final class CacheMetrics implements MultiCollector {
    private final HttpCache cache;

    CacheMetrics(HttpCache cache) {
        this.cache = cache;
    }

    @Override
    public MetricSnapshots collect() {
        CacheCounters counters = cache.counters();
        CacheStore.Usage usage = cache.usage();
        return new MetricSnapshots(
                counter("rt_http_cache_hits", "Requests answered from the HTTP cache", counters.hits()),
                counter("rt_http_cache_misses", "Cacheable requests the HTTP cache could not answer", counters.misses()),
                counter("rt_http_cache_stored", "Responses stored in the HTTP cache", counters.stored()),
                counter("rt_http_cache_too_large", "Responses not stored for being larger than maxEntrySize",
                        counters.tooLarge()),
                counter("rt_http_cache_store_errors", "Operations of the HTTP cache's store that failed",
                        counters.storeErrors()),
                gauge("rt_http_cache_entries", "Responses held by the HTTP cache", usage.count()),
                gauge("rt_http_cache_bytes", "Bytes held by the HTTP cache, roughly", usage.bytes()));
    }

    private static CounterSnapshot counter(String name, String help, long value) {
        return new CounterSnapshot(new MetricMetadata(name, help),
                List.of(new CounterSnapshot.CounterDataPointSnapshot(value, Labels.EMPTY, null, 0)));
    }

    private static GaugeSnapshot gauge(String name, String help, long value) {
        return new GaugeSnapshot(new MetricMetadata(name, help),
                List.of(new GaugeSnapshot.GaugeDataPointSnapshot(value, Labels.EMPTY, null)));
    }
}
