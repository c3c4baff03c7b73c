package dev.rt.supervisor.metrics;

import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.route.Upstream;
import io.netty.handler.codec.http.HttpMethod;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * HTTP request duration per service and worker, measured in the proxy for every kind of application:
 * {@code http_request_all_duration_seconds} (histogram, the default buckets) and
 * {@code http_request_all_summary_seconds} (summary, quantiles 0.01 to 0.999 over the last 10 minutes:
 * {@link RequestQuantiles}), labels {@code serviceId},
 * {@code workerId}, {@code method} and {@code status_code}. HEAD, OPTIONS, TRACE and CONNECT are not counted.
 * Nothing is reset after a scrape: counters that drop would break {@code rate()}.
 *
 * <p>Per request: one lookup in a map of the data points already resolved for that label set, then the two
 * observations; no label list is built, nothing is allocated.
 */
public final class HttpMetrics implements RequestObserver {
    static final String DURATION = "http_request_all_duration_seconds";
    static final String SUMMARY = "http_request_all_summary_seconds";
    private static final String SUMMARY_HELP = "request duration in seconds summary for all requests";
    private static final String[] LABEL_NAMES = {"serviceId", "workerId", "method", "status_code"};
    private static final List<HttpMethod> IGNORED = List.of(HttpMethod.HEAD, HttpMethod.OPTIONS, HttpMethod.TRACE,
            HttpMethod.CONNECT);

    private final Histogram duration = Histogram.builder()
            .name(DURATION)
            .help("request duration in seconds for all requests")
            .labelNames(LABEL_NAMES)
            .classicOnly()
            .withoutExemplars()
            .build();
    private final Map<Key, Points> points = new ConcurrentHashMap<>();

    @Override
    public void answered(Upstream upstream, HttpMethod method, int status, long nanos) {
        if (IGNORED.contains(method)) {
            return;
        }
        Points resolved = points.computeIfAbsent(new Key(upstream.serviceId(), upstream.workerIndex(), method, status),
                this::resolve);
        resolved.duration.observe(nanos / 1e9);
        resolved.summary.observe(nanos);
    }

    /**
     * The two families now, for the {@code started} workers only ({@code serviceId:index}): the series of a
     * worker that is gone (a restarted worker has a new index) end instead of staying in every exposition for
     * the runtime's life.
     */
    List<MetricSnapshot> collect(Set<String> started) {
        points.keySet().removeIf(key -> {
            boolean gone = !started.contains(key.serviceId + ":" + key.workerIndex);
            if (gone) {
                duration.remove(key.labels());
            }
            return gone;
        });
        long now = System.nanoTime();
        SummarySnapshot.Builder summary = SummarySnapshot.builder().name(SUMMARY).help(SUMMARY_HELP);
        points.forEach((key, resolved) -> summary.dataPoint(resolved.summary.snapshot(
                Labels.of(LABEL_NAMES, key.labels()), now)));
        return List.of(duration.collect(), summary.build());
    }

    private Points resolve(Key key) {
        return new Points(duration.labelValues(key.labels()), new RequestQuantiles(System.nanoTime()));
    }

    private record Key(String serviceId, int workerIndex, HttpMethod method, int status) {
        String[] labels() {
            return new String[] {serviceId, Integer.toString(workerIndex), method.name(), Integer.toString(status)};
        }
    }

    private record Points(DistributionDataPoint duration, RequestQuantiles summary) {
    }
}
