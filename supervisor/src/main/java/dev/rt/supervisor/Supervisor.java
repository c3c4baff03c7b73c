package dev.rt.supervisor;

import dev.rt.auth.forward.IdentitySeal;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.install.Installation;
import dev.rt.supervisor.agent.AgentServer;
import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.cache.WorkerInvalidation;
import dev.rt.supervisor.drain.Drain;
import dev.rt.supervisor.history.RuntimeHistory;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.management.LogStore;
import dev.rt.supervisor.management.ManagementServer;
import dev.rt.supervisor.metrics.HttpMetrics;
import dev.rt.supervisor.metrics.MetricsFormat;
import dev.rt.supervisor.metrics.MetricsServer;
import dev.rt.supervisor.process.RuntimeDirectory;
import dev.rt.supervisor.process.TelemetryAgent;
import dev.rt.supervisor.process.WorkerArchives;
import dev.rt.supervisor.process.WorkerCommand;
import dev.rt.supervisor.process.WorkerLauncher;
import dev.rt.supervisor.proxy.EntrypointServer;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import dev.rt.supervisor.scheduler.JobScheduler;
import dev.rt.supervisor.scheduler.PausedJobs;
import dev.rt.supervisor.telemetry.Tracing;
import dev.rt.supervisor.worker.CacheInvalidations;
import dev.rt.supervisor.worker.Readiness;
import dev.rt.supervisor.worker.Reloads;
import dev.rt.supervisor.worker.ServiceOperations;
import dev.rt.supervisor.worker.WorkerLifecycle;
import dev.rt.supervisor.worker.WorkerRegistry;
import dev.rt.supervisor.worker.WorkerServices;
import dev.rt.supervisor.worker.WorkerSpans;
import dev.rt.supervisor.worker.WorkerState;
import dev.rt.supervisor.worker.WorkerStatsListener;
import dev.rt.supervisor.worker.WorkerView;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Runs one runtime: checks the start order, binds the entrypoint and the mesh, starts the services level by
 * level ({@link StartOrder}), reloads them on request, and stops them the other way round, the entrypoint
 * first. It only orchestrates; workers live in {@link WorkerLifecycle}, requests in the proxy package.
 */
public final class Supervisor implements AutoCloseable {
    private final RuntimeConfig config;
    private final RuntimeOptions options;
    private final RuntimeLog log;
    private final Map<String, String> realEnv;
    private final Closeables closeables;
    private StartOrder order;
    private WorkerRegistry registry;
    private WorkerLifecycle lifecycle;
    private volatile Reloads reloads;
    private final List<RuntimeEvents> listeners = new CopyOnWriteArrayList<>();
    private EntrypointServer entrypoint;
    private volatile RuntimeProxies proxies;
    private Optional<EntrypointRouting> routing = Optional.empty(); // closed before the services stop
    private final HttpMetrics httpMetrics = new HttpMetrics();
    /** {@code -Drt.httpMetrics=false} stops measuring requests: only for the baseline of bench/metrics.sh. */
    private final RequestObserver observer = Boolean.parseBoolean(System.getProperty("rt.httpMetrics", "true"))
            ? httpMetrics : RequestObserver.NONE;
    private volatile SupervisorMetrics metrics;
    private volatile InetSocketAddress entrypointAddress;
    private boolean stopped;
    private volatile String status = "init";
    private volatile RuntimeControl control;
    private volatile int meshPort;
    private volatile Path runtimeDirectory;
    private volatile JobScheduler scheduler;
    private volatile RuntimeHistory workerHistory;
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
    }

    /**
     * Starts everything and returns the entrypoint's address. On any failure everything already started is
     * stopped (no worker JVM is left behind) and the error is thrown.
     */
    public synchronized InetSocketAddress start() {
        order = StartOrder.of(config.services(), config.entrypoint(), config.startInListedOrder());
        status = "starting";
        try {
            RuntimeDirectory directory = remember(RuntimeDirectory.create());
            runtimeDirectory = directory.path();
            var managementApi = config.sections().managementApi();
            LogStore history = managementApi.enabled() // before the first line, which it keeps
                    ? remember(LogStore.open(directory.path().resolve("logs"), managementApi.logsMaxSizeBytes(), log)) : null;
            // the dashboard's charts (rt admin), which reach the runtime only through the management API
            workerHistory = managementApi.enabled() ? remember(RuntimeHistory.start()) : null;
            RequestObserver observed = workerHistory == null ? observer : RuntimeHistory.both(observer, workerHistory);
            ProxyEventLoops loops = remember(new ProxyEventLoops());
            log.info("Proxy I/O on " + loops.describe());
            config.warnings().forEach(log::warn); // what the configuration sets to no effect, once per start
            registry = new WorkerRegistry(config.serviceIds());
            routing = EntrypointRouting.of(config).map(this::remember);
            EntrypointRouting.unused(config).forEach(id -> log.warn("The service \"" + id + "\" routes requests only"
                    + " as the entrypoint, which is \"" + config.entrypoint() + "\": it routes none here."));
            proxies = remember(RuntimeProxies.bind(config, loops, registry, observed, log,
                    routing.map(EntrypointRouting::routes), directory.path()));
            meshPort = proxies.meshPort();
            entrypoint = proxies.entrypoint();
            InetSocketAddress bound = proxies.entrypointAddress();
            WorkerCommand plain = new WorkerCommand(WorkerCommand.currentJava(), Installation.agentJar(),
                    directory.agentSocket(), config.root(), TelemetryAgent.of(config));
            WorkerCommand command = proxies.direct()
                    .map(socket -> plain.withPublicSocket(socket.serviceId(), socket.handoutPath())).orElse(plain);
            WorkerArchives sharing = remember(WorkerArchives.of(command.java(), command.agentJar(), config.services(),
                    realEnv));
            WorkerLauncher launcher = new WorkerLauncher(command, sharing, realEnv, log, options.development(),
                    options.debugger());
            lifecycle = new WorkerLifecycle(config, options.production(), launcher, registry, log, proxies::meshPortOf,
                    new WorkerServices(proxies.tracing().<WorkerSpans>map(Tracing::workerSpans).orElse(WorkerSpans.NONE),
                            proxies.cache().<CacheInvalidations>map(WorkerInvalidation::new).orElse(CacheInvalidations.NONE),
                            workerHistory == null ? WorkerStatsListener.NONE : workerHistory, identity.key()));
            reloads = new Reloads(lifecycle, config.serviceIds(), log, () -> listeners.forEach(RuntimeEvents::reloading),
                    () -> listeners.forEach(RuntimeEvents::reloaded));
            remember(AgentServer.start(directory.agentSocket(), lifecycle.agentEvents(), log));
            List<CompletableFuture<Integer>> ready = StartLevels.start(order, lifecycle, this::workersOf);
            metrics = remember(SupervisorMetrics.start(config, loops, lifecycle, registry, httpMetrics, drain, log));
            proxies.cache().ifPresent(cache -> metrics.register(cache.metrics()));
            if (history != null) {
                remember(ManagementServer.start(new ManagedSupervisor(this), log, history));
            }
            Readiness.await(ready);
            if (JobScheduler.needed(config)) {
                scheduler = JobScheduler.start(config, loops, meshPort, identity, log, metrics.registry(), pausedJobs);
            }
            routing.ifPresent(router -> router.start(config, proxies.meshAddress(), log, options.development()));
            entrypointAddress = bound;
            status = "started";
            log.info("rt is now listening at " + url());
            sharing.createInBackground(log);
            lifecycle.keepSpares();
            watchInDevelopment();
            return bound;
        } catch (RuntimeException e) {
            abortStart();
            throw e;
        }
    }

    public String url() {
        InetSocketAddress address = entrypointAddress;
        if (address == null) {
            throw new IllegalStateException("the runtime has not started");
        }
        return entrypoint.scheme() + "://" + hostForUrl(address) + ":" + address.getPort();
    }

    /** The entrypoint's address once every service has started. */
    public Optional<InetSocketAddress> entrypointAddress() {
        return Optional.ofNullable(entrypointAddress);
    }

    /** Every worker the supervisor currently knows. */
    public List<WorkerView> workers() {
        WorkerLifecycle current = lifecycle;
        return current == null ? List.of() : current.views().completeOnTimeout(List.of(), 10, TimeUnit.SECONDS)
                .exceptionally(closed -> List.of()).join();
    }

    /** The spare JVMs, booted and waiting to take the place of a worker that dies (spareWorker). */
    public List<WorkerView> spares() {
        WorkerLifecycle current = lifecycle;
        return current == null ? List.of() : current.spareViews().completeOnTimeout(List.of(), 10, TimeUnit.SECONDS)
                .exceptionally(closed -> List.of()).join();
    }

    /** The services with no started worker, in configuration order: what makes {@code /ready} fail. */
    public List<String> unavailableServices() {
        WorkerRegistry current = registry;
        return config.services().stream().filter(ServiceConfig::runsWorkers).map(ServiceConfig::id)
                .filter(id -> current == null || !current.hasStartedWorker(id)).toList();
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
        WorkerLifecycle current = lifecycle;
        return current != null && current.answers(limit).join();
    }

    /** One line on the state of the services, for systemd's {@code STATUS=} and the like. */
    public String summary() {
        long started = workers().stream().filter(worker -> worker.state() == WorkerState.STARTED).count();
        List<String> down = unavailableServices();
        String line = config.serviceIds().size() + (config.serviceIds().size() == 1 ? " service, " : " services, ")
                + started + (started == 1 ? " worker" : " workers") + " started";
        return down.isEmpty() ? line : line + "; no worker started for: " + String.join(", ", down);
    }

    /**
     * The aggregated metrics of every started worker and of the supervisor, as the metrics server serves them;
     * available whether or not that server is enabled, once the runtime has begun to start.
     */
    public CompletableFuture<String> metrics(MetricsFormat format) {
        SupervisorMetrics current = metrics;
        if (current == null) {
            return CompletableFuture.failedFuture(new RtException(ErrorCode.NOT_STARTED,
                    "the runtime has no metrics before it has started"));
        }
        return current.metrics(format);
    }

    /** The metrics server's address, when one is listening. */
    public Optional<InetSocketAddress> metricsAddress() {
        SupervisorMetrics current = metrics;
        return current == null ? Optional.empty() : current.server().map(MetricsServer::address);
    }

    /** The tracing of what the supervisor proxies, once started with a {@code telemetry}. */
    public Optional<Tracing> tracing() {
        RuntimeProxies current = proxies;
        return current == null ? Optional.empty() : current.tracing();
    }

    /** The HTTP cache of the mesh, once started with an {@code httpCache}. */
    public Optional<HttpCache> httpCache() {
        RuntimeProxies current = proxies;
        return current == null ? Optional.empty() : current.cache();
    }

    /** The runtime's private directory, once started. */
    public Path runtimeDirectory() {
        return runtimeDirectory;
    }

    /** The last fifteen minutes of its workers' figures, once started with the management API. */
    public Optional<RuntimeHistory> history() {
        return Optional.ofNullable(workerHistory);
    }

    /** How many times a service was restarted (rt_service_restarts_total); 0 before start. */
    public long restarts(String serviceId) {
        WorkerLifecycle current = lifecycle;
        return current == null ? 0 : current.restartCounts().count(serviceId);
    }

    /** Its scheduler, once started, when its configuration has jobs. */
    public Optional<JobScheduler> scheduler() {
        return Optional.ofNullable(scheduler);
    }

    /**
     * Where the jobs paused through the management API are remembered; {@code rt start} hands every runtime it starts
     * the same, so that a restart of the runtime keeps them paused. Before {@link #start()}.
     */
    void keepsPausedJobsIn(PausedJobs paused) {
        this.pausedJobs = paused;
    }

    // ---- for the management API, through ManagedSupervisor ----

    /** {@code init}, {@code starting}, {@code started}, {@code stopping}, {@code stopped} or {@code errored}. */
    String status() {
        return status;
    }

    /** The environment the supervisor was given (what workers see beneath their service's variables). */
    Map<String, String> realEnv() {
        return realEnv;
    }

    /** The mesh proxy's port on 127.0.0.1, once started. */
    int meshPort() {
        return meshPort;
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

    /** What the management API does to services (start, stop, reload, diagnose); fails before start. */
    ServiceOperations services() {
        WorkerLifecycle current = lifecycle;
        if (current == null) {
            throw new RtException(ErrorCode.NOT_STARTED, "the runtime has not started");
        }
        return new ServiceOperations(config, current, runtimeDirectory, this::workersOf);
    }

    RuntimeConfig config() {
        return config;
    }

    RuntimeOptions options() {
        return options;
    }

    private int workersOf(ServiceConfig service) {
        return options.development() ? Math.min(1, service.workers()) : service.workers();
    }

    /**
     * Replaces every worker of every service, services in parallel and each service's workers one at a time:
     * a new worker starts, takes traffic once ready, then the old one stops gracefully, so every service
     * keeps answering. The supervisor process and the entrypoint's port stay. Completes when all are done.
     */
    public CompletableFuture<Void> reload() {
        if (reloads == null || entrypointAddress == null) {
            return CompletableFuture.failedFuture(new RtException(ErrorCode.NOT_STARTED,
                    "the runtime cannot reload before it has started"));
        }
        return reloads.all();
    }

    /** {@code --dev} with {@code watch}: a change to a service's files reloads that service. */
    private void watchInDevelopment() {
        if (config.watch() && !options.development()) {
            boolean alone = config.services().stream().anyMatch(s -> s.application().file().equals(config.file()));
            log.info(config.file() + ": " + (alone ? "/runtime/watch" : "/watch") + ": true, but files are watched"
                    + " only under rt start --dev; this runtime reloads nothing when they change");
        }
        if (!options.development() || !config.watch()) {
            return;
        }
        try {
            remember(ServiceWatcher.start(config.services(), log, reloads::serviceChanged));
            log.info("Watching the services' files for changes.");
        } catch (IOException e) {
            log.warn("Cannot watch the services' files for changes: " + e.getMessage());
        }
    }

    /**
     * The drain before a stop ({@code gracefulShutdown.drain}): {@code /ready} fails from now on and every response of
     * the entrypoint closes its connection, while it still serves for {@code delay} (less when {@link #kill()} comes
     * first), so that load balancers stop sending here before {@link #stop()} stops accepting. Nothing to do before
     * the runtime has started.
     */
    public void drain(Duration delay) {
        if (entrypointAddress == null || delay.isZero()) {
            return;
        }
        boolean full = drain.run(delay, () -> {
            entrypoint.beginShutdown();
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
        status = "stopping";
        RuntimeStop.graceful(config.gracefulShutdown().service(), scheduler, lifecycle, entrypoint, routing, order);
        closeAll();
        status = "stopped";
    }

    /** Kills every worker at once; for when a graceful stop ran out of time. Safe from any thread. */
    public void kill() {
        drain.cutShort();
        WorkerLifecycle current = lifecycle;
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
        status = "errored";
        RuntimeStop.aborted(scheduler, lifecycle, entrypoint, config.services());
        closeAll();
    }

    private void closeAll() {
        if (lifecycle != null) {
            lifecycle.close();
        }
        closeables.closeAll();
    }

    private <T extends AutoCloseable> T remember(T closeable) {
        return closeables.add(closeable);
    }

    private static String hostForUrl(InetSocketAddress address) {
        String host = address.getHostString();
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
