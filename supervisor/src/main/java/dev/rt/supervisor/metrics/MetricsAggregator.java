package dev.rt.supervisor.metrics;

import dev.rt.protocol.MetricsReport;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.ProcessMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The runtime's metrics in one exposition. Asks every started worker at once (each within {@code timeout}; a
 * worker that does not answer in time never holds the scrape up, and is left out unless an earlier answer of its
 * own stands in, see {@link PendingScrapes}), labels each worker's samples
 * with {@code serviceId} and {@code workerId}, and adds, unlabelled and once, the supervisor's own process
 * metrics; then {@code rt_service_restarts_total}, {@code rt_worker_elu} and the HTTP request durations the
 * proxy measured. Families of the same name are merged ({@link SnapshotMerge}); the text comes from
 * client_java's own writer. Merging and writing run on {@code executor}, never on the caller's thread.
 */
public final class MetricsAggregator {
    private static final PrometheusTextFormatWriter TEXT = PrometheusTextFormatWriter.create();

    private final Supplier<CompletableFuture<List<ScrapeTarget>>> targets;
    private final PendingScrapes scrapes;
    private final HttpMetrics http;
    private final ServiceRestarts restarts;
    private final Duration timeout;
    private final Executor executor;
    private final PrometheusRegistry supervisor = new PrometheusRegistry();

    public MetricsAggregator(Supplier<CompletableFuture<List<ScrapeTarget>>> targets, PendingScrapes scrapes,
            HttpMetrics http, ServiceRestarts restarts, Duration timeout, Executor executor) {
        this.targets = targets;
        this.scrapes = scrapes;
        this.http = http;
        this.restarts = restarts;
        this.timeout = timeout;
        this.executor = executor;
        ProcessMetrics.builder().register(supervisor);
    }

    /** The supervisor's own registry: its process metrics, and what other parts of it count (the scheduler). */
    public PrometheusRegistry registry() {
        return supervisor;
    }

    public CompletableFuture<String> metrics(MetricsFormat format) {
        return snapshots().thenApply(snapshots -> format == MetricsFormat.JSON ? JsonExposition.write(snapshots)
                : text(snapshots));
    }

    /** Adds metrics of the supervisor's own (the HTTP cache's), reported unlabelled beside its process metrics. */
    public void register(io.prometheus.metrics.model.registry.MultiCollector collector) {
        supervisor.register(collector);
    }

    CompletableFuture<MetricSnapshots> snapshots() {
        return targets.get().thenCompose(started -> {
            List<CompletableFuture<Optional<MetricsReport>>> answers = new ArrayList<>(started.size());
            for (ScrapeTarget target : started) {
                answers.add(scrapes.request(target.connection(), timeout));
            }
            return CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                    .thenApplyAsync(all -> merge(started, answers), executor);
        });
    }

    private MetricSnapshots merge(List<ScrapeTarget> started, List<CompletableFuture<Optional<MetricsReport>>> answers) {
        SnapshotMerge merge = new SnapshotMerge();
        merge.add(restarts.collect());
        for (int i = 0; i < started.size(); i++) {
            ScrapeTarget target = started.get(i);
            answers.get(i).join().ifPresent(report ->
                    merge.add(WireSnapshots.of(report.families(), target.serviceId(), target.workerIndex())));
        }
        merge.add(supervisor.scrape().stream().toList());
        merge.add(elu(started));
        merge.add(http.collect(started.stream().map(t -> t.serviceId() + ":" + t.workerIndex())
                .collect(java.util.stream.Collectors.toSet())));
        return merge.result();
    }

    private static GaugeSnapshot elu(List<ScrapeTarget> started) {
        List<GaugeSnapshot.GaugeDataPointSnapshot> points = new ArrayList<>();
        for (ScrapeTarget target : started) {
            target.elu().ifPresent(elu -> points.add(new GaugeSnapshot.GaugeDataPointSnapshot(elu,
                    Labels.of("serviceId", target.serviceId(), "workerId", Integer.toString(target.workerIndex())),
                    null)));
        }
        return new GaugeSnapshot(new MetricMetadata("rt_worker_elu",
                "Event-loop utilisation of each worker: the busy fraction of its request threads or processors, 0 to 1"),
                points);
    }

    static String text(MetricSnapshots snapshots) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        try {
            TEXT.write(out, snapshots);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
