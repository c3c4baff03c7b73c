package dev.rt.supervisor;

import dev.rt.config.MetricsConfig;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.concurrent.DaemonThreads;
import dev.rt.supervisor.drain.Drain;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.metrics.HttpMetrics;
import dev.rt.supervisor.metrics.MetricsAggregator;
import dev.rt.supervisor.metrics.MetricsFormat;
import dev.rt.supervisor.metrics.MetricsServer;
import dev.rt.supervisor.metrics.MetricsSource;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import dev.rt.supervisor.worker.WorkerLifecycle;
import dev.rt.supervisor.worker.WorkerRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The supervisor's metrics and probes: the {@link MetricsAggregator} over the started
 * workers, readiness from the {@link WorkerRegistry} (failing from the start of a {@link Drain}), liveness from the quarantined services and a round trip
 * through the supervisor loop; and the {@link MetricsServer} when {@code metrics} asks for one.
 */
final class SupervisorMetrics implements MetricsSource, AutoCloseable {
    /** How long a worker may take to answer a metrics request before the scrape goes on without it. */
    static final Duration WORKER_TIMEOUT = Duration.ofSeconds(2);
    /** How long the supervisor loop may take to answer the liveness probe. */
    static final Duration LOOP_TIMEOUT = Duration.ofSeconds(2);

    private final RuntimeConfig config;
    private final WorkerLifecycle lifecycle;
    private final WorkerRegistry registry;
    private final Drain drain;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(DaemonThreads.named("rt-metrics"));
    private final MetricsAggregator aggregator;
    private Optional<MetricsServer> server = Optional.empty();

    private SupervisorMetrics(RuntimeConfig config, WorkerLifecycle lifecycle, WorkerRegistry registry,
            HttpMetrics http, Drain drain) {
        this.config = config;
        this.drain = drain;
        this.lifecycle = lifecycle;
        this.registry = registry;
        this.aggregator = new MetricsAggregator(lifecycle::scrapeTargets, lifecycle.scrapes(), http,
                lifecycle.restartCounts(), WORKER_TIMEOUT, executor);
    }

    /** The metrics of this runtime, with their server listening when {@code metrics} says so. */
    static SupervisorMetrics start(RuntimeConfig config, ProxyEventLoops loops, WorkerLifecycle lifecycle,
            WorkerRegistry registry, HttpMetrics http, Drain drain, RuntimeLog log) {
        SupervisorMetrics metrics = new SupervisorMetrics(config, lifecycle, registry, http, drain);
        MetricsConfig settings = config.sections().metrics();
        if (settings.startsServer()) {
            try {
                MetricsServer server = MetricsServer.start(loops, settings, metrics);
                metrics.server = Optional.of(server);
                log.info("The metrics server is listening at http://" + settings.hostname() + ":"
                        + server.address().getPort() + (settings.enabled() ? settings.endpoint() : "/"));
            } catch (RuntimeException e) {
                metrics.close();
                throw e;
            }
        }
        return metrics;
    }

    /** The supervisor's own Prometheus registry. */
    io.prometheus.metrics.model.registry.PrometheusRegistry registry() {
        return aggregator.registry();
    }

    /** Adds metrics of the supervisor's own to what is reported. */
    void register(io.prometheus.metrics.model.registry.MultiCollector collector) {
        aggregator.register(collector);
    }

    Optional<MetricsServer> server() {
        return server;
    }

    @Override
    public CompletableFuture<String> metrics(MetricsFormat format) {
        return aggregator.metrics(format);
    }

    @Override
    public boolean ready() {
        return !drain.draining() && config.services().stream().filter(ServiceConfig::runsWorkers).map(ServiceConfig::id)
                .allMatch(registry::hasStartedWorker);
    }

    @Override
    public CompletableFuture<Boolean> live() {
        if (lifecycle.hasQuarantinedService()) {
            return CompletableFuture.completedFuture(false);
        }
        return lifecycle.answers(LOOP_TIMEOUT);
    }

    @Override
    public void close() {
        server.ifPresent(MetricsServer::close);
        executor.shutdownNow();
    }
}
