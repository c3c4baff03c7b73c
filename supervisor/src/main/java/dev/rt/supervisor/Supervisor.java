package dev.rt.supervisor;

import dev.rt.auth.forward.IdentitySeal;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.drain.Drain;
import dev.rt.supervisor.history.RuntimeHistory;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.metrics.HttpMetrics;
import dev.rt.supervisor.metrics.MetricsFormat;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.scheduler.JobScheduler;
import dev.rt.supervisor.scheduler.PausedJobs;
import dev.rt.supervisor.telemetry.Tracing;
import dev.rt.supervisor.worker.Reloads;
import dev.rt.supervisor.worker.WorkerLifecycle;
import dev.rt.supervisor.worker.WorkerView;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Runs one runtime: checks the start order, binds the entrypoint and the mesh, starts the services level by
 * level ({@link StartOrder}), reloads them on request, and stops them the other way round, the entrypoint
 * first. It only orchestrates: the start sequence is {@link StartUp}, what has started is {@link RuntimeParts} (which
 * answers the status accessors), workers live in {@link WorkerLifecycle}, requests in the proxy package.
 */
public final class Supervisor implements AutoCloseable {
    private final RuntimeConfig config;
    private final RuntimeOptions options;
    private final RuntimeLog log;
    private final Map<String, String> realEnv;
    private final Closeables closeables;
    private final RuntimeParts parts;
    private final List<RuntimeEvents> listeners = new CopyOnWriteArrayList<>();
    private final HttpMetrics httpMetrics = new HttpMetrics();
    /** {@code -Drt.httpMetrics=false} stops measuring requests: only for the baseline of bench/metrics.sh. */
    private final RequestObserver observer = Boolean.parseBoolean(System.getProperty("rt.httpMetrics", "true"))
            ? httpMetrics : RequestObserver.NONE;
    private boolean stopped;
    private volatile RuntimeControl control;
    private PausedJobs pausedJobs = new PausedJobs();
    /** The key of the X-RT-IDENTITY header: made at start, shared with this runtime's workers only. */
    private final IdentitySeal identity = IdentitySeal.generate();
    private final Drain drain = new Drain();

    public Supervisor(RuntimeConfig config, RuntimeLog log, Map<String, String> realEnv) {
        this(config, RuntimeOptions.DEFAULTS, log, realEnv);
    }

    public Supervisor(RuntimeConfig config, RuntimeOptions options, RuntimeLog log, Map<String, String> realEnv) {
        this.config = config;
        this.options = options;
        this.log = log;
        this.realEnv = Map.copyOf(realEnv);
        this.closeables = new Closeables(log);
        this.parts = new RuntimeParts(config);
    }

    /**
     * Starts everything ({@link StartUp}) and returns the entrypoint's address. On any failure everything already
     * started is stopped (no worker JVM is left behind) and the error is thrown.
     */
    public synchronized InetSocketAddress start() {
        parts.order = StartOrder.of(config.services(), config.entrypoint(), config.startInListedOrder());
        parts.status = "starting";
        try {
            return new StartUp(config, options, log, realEnv, closeables, parts).run(new StartUp.Shared(this, observer,
                    httpMetrics, identity, drain, pausedJobs, listeners));
        } catch (RuntimeException e) {
            abortStart();
            throw e;
        }
    }

    public String url() {
        return parts.url();
    }

    /** The entrypoint's address once every service has started. */
    public Optional<InetSocketAddress> entrypointAddress() {
        return Optional.ofNullable(parts.entrypointAddress);
    }

    /** Every worker the supervisor currently knows. */
    public List<WorkerView> workers() {
        return parts.workers();
    }

    /** The spare JVMs, booted and waiting to take the place of a worker that dies (spareWorker). */
    public List<WorkerView> spares() {
        return parts.spares();
    }

    /** The services with no started worker, in configuration order: what makes {@code /ready} fail. */
    public List<String> unavailableServices() {
        return parts.unavailableServices();
    }

    /** From now on {@code events} hears of this runtime's reloads. */
    void addListener(RuntimeEvents events) {
        listeners.add(events);
    }

    /**
     * Whether the supervisor's loop (the one thread that owns every worker's state) runs a task within
     * {@code limit}: false before start, after stop, or when the loop is stuck.
     */
    public boolean responsive(Duration limit) {
        return parts.responsive(limit);
    }

    /** One line on the state of the services, for systemd's {@code STATUS=} and the like. */
    public String summary() {
        return parts.summary();
    }

    /**
     * The aggregated metrics of every started worker and of the supervisor, as the metrics server serves them;
     * available whether or not that server is enabled, once the runtime has begun to start.
     */
    public CompletableFuture<String> metrics(MetricsFormat format) {
        return parts.metrics(format);
    }

    /** The metrics server's address, when one is listening. */
    public Optional<InetSocketAddress> metricsAddress() {
        return parts.metricsAddress();
    }

    /** The tracing of what the supervisor proxies, once started with a {@code telemetry}. */
    public Optional<Tracing> tracing() {
        return parts.tracing();
    }

    /** The HTTP cache of the mesh, once started with an {@code httpCache}. */
    public Optional<HttpCache> httpCache() {
        return parts.httpCache();
    }

    /** The runtime's private directory, once started. */
    public Path runtimeDirectory() {
        return parts.runtimeDirectory;
    }

    /** The last fifteen minutes of its workers' figures, once started with the management API. */
    public Optional<RuntimeHistory> history() {
        return Optional.ofNullable(parts.workerHistory);
    }

    /** How many times a service was restarted (rt_service_restarts_total); 0 before start. */
    public long restarts(String serviceId) {
        return parts.restarts(serviceId);
    }

    /** Its scheduler, once started, when its configuration has jobs. */
    public Optional<JobScheduler> scheduler() {
        return Optional.ofNullable(parts.scheduler);
    }

    /**
     * Where the jobs paused through the management API are remembered; {@code rt start} hands every runtime it starts
     * the same, so that a restart of the runtime keeps them paused. Before {@link #start()}.
     */
    void keepsPausedJobsIn(PausedJobs paused) {
        this.pausedJobs = paused;
    }

    // ---- for the management API, through ManagedSupervisor ----

    /** The environment the supervisor was given (what workers see beneath their service's variables). */
    Map<String, String> realEnv() {
        return realEnv;
    }

    /** Who stops or restarts the whole runtime when the management API asks; {@code rt start} sets it. */
    void controlledBy(RuntimeControl control) {
        this.control = control;
    }

    /** Without a {@link RuntimeControl}, stopping stops this supervisor on a thread of its own. */
    RuntimeControl control() {
        RuntimeControl current = control;
        return current != null ? current : RuntimeControl.standalone(this::stop);
    }

    RuntimeConfig config() {
        return config;
    }

    RuntimeOptions options() {
        return options;
    }

    /**
     * Replaces every worker of every service, services in parallel and each service's workers one at a time:
     * a new worker starts, takes traffic once ready, then the old one stops gracefully, so every service
     * keeps answering. The supervisor process and the entrypoint's port stay. Completes when all are done.
     */
    public CompletableFuture<Void> reload() {
        Reloads reloads = parts.reloads;
        if (reloads == null || parts.entrypointAddress == null) {
            return CompletableFuture.failedFuture(new RtException(ErrorCode.NOT_STARTED,
                    "the runtime cannot reload before it has started"));
        }
        return reloads.all();
    }

    /**
     * The drain before a stop ({@code gracefulShutdown.drain}): {@code /ready} fails from now on and every response of
     * the entrypoint closes its connection, while it still serves for {@code delay} (less when {@link #kill()} comes
     * first), so that load balancers stop sending here before {@link #stop()} stops accepting. Nothing to do before
     * the runtime has started.
     */
    public void drain(Duration delay) {
        if (parts.entrypointAddress == null || delay.isZero()) {
            return;
        }
        boolean full = drain.run(delay, () -> {
            parts.entrypoint.beginShutdown();
            log.info("Draining for " + delay.toMillis() + " ms: /ready fails and every response closes its connection;"
                    + " the entrypoint goes on serving until then.");
        });
        log.info(full ? "The drain is over; the entrypoint stops accepting." : "The drain was cut short.");
    }

    /**
     * Stops gracefully: the scheduler, then the entrypoint (it drains), its workers, then the other services in
     * reverse dependency order ({@link RuntimeStop#graceful}).
     */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        parts.status = "stopping";
        RuntimeStop.graceful(config.gracefulShutdown().service(), parts.scheduler, parts.lifecycle, parts.entrypoint,
                parts.routing, parts.order);
        closeAll();
        parts.status = "stopped";
    }

    /** Kills every worker at once; for when a graceful stop ran out of time. Safe from any thread. */
    public void kill() {
        drain.cutShort();
        WorkerLifecycle current = parts.lifecycle;
        if (current != null) {
            current.killAll();
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void abortStart() {
        stopped = true;
        parts.status = "errored";
        RuntimeStop.aborted(parts.scheduler, parts.lifecycle, parts.entrypoint, config.services());
        closeAll();
    }

    private void closeAll() {
        WorkerLifecycle current = parts.lifecycle;
        if (current != null) {
            current.close();
        }
        closeables.closeAll();
    }
}
