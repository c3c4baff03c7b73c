package dev.rt.supervisor.worker;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.agent.AgentEvents;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.metrics.PendingScrapes;
import dev.rt.supervisor.metrics.ScrapeTarget;
import dev.rt.supervisor.metrics.ServiceRestarts;
import dev.rt.supervisor.process.WorkerLauncher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Starts, watches, restarts, replaces and stops worker JVMs. All worker state lives on the {@link SupervisorLoop}:
 * public methods and agent events hop onto it, and results come back as futures. What happens after a
 * failed start is {@link StartAttempts}'s, after a crash {@link CrashRestarts}'s, after failed health
 * checks {@link Replacement}'s.
 */
public final class WorkerLifecycle implements AutoCloseable {
    static final Duration STATS_INTERVAL = Duration.ofSeconds(1);

    private final RuntimeConfig config;
    private final WorkerLauncher launcher;
    private final WorkerRegistry registry;
    private final RuntimeLog log;
    private final WorkerAgents agents;
    private final SupervisorLoop loop = new SupervisorLoop();
    private final HealthMonitor health;
    private final StartAttempts startAttempts;
    private final Replacement replacement;
    private final CrashRestarts restarts;
    private final Spares spares;
    private final ApplicationStarts starts;
    private final WorkerStops stops;
    private final Map<String, Worker> workers = new LinkedHashMap<>();               // loop only
    private final WorkerIndexes indexes = new WorkerIndexes();                      // loop only
    private final Map<String, Worker> byLabel = new ConcurrentHashMap<>();           // read by agent threads
    private final ServiceRestarts restartCounts;
    private final PendingScrapes scrapes = new PendingScrapes();
    private final Set<String> quarantined = ConcurrentHashMap.newKeySet();             // written on the loop
    private final DiagnosticRequests diagnostics = new DiagnosticRequests();
    private final WorkerMessaging messages;
    private boolean shuttingDown;                                                    // loop only
    private volatile boolean killed;

    /**
     * @param production    without {@code --dev}: a worker is restarted at once, whatever its {@code restartOnError}
     *                      delay
     * @param meshProxyPorts the port the workers of a service send their requests to other services through
     * @param services      the spans' export and the HTTP cache, for the workers
     */
    public WorkerLifecycle(RuntimeConfig config, boolean production, WorkerLauncher launcher, WorkerRegistry registry,
            RuntimeLog log, ToIntFunction<String> meshProxyPorts, WorkerServices services) {
        this.config = config;
        this.launcher = launcher;
        this.registry = registry;
        this.log = log;
        this.agents = new WorkerAgents(this, byLabel, config, log, meshProxyPorts, services);
        this.restartCounts = new ServiceRestarts(config.serviceIds());
        this.startAttempts = new StartAttempts(this, log, production);
        this.replacement = new Replacement(this, log, config.gracefulShutdown().service());
        this.restarts = new CrashRestarts(this, log, production);
        this.spares = new Spares(this, log, production && !launcher.debugger().enabled());
        this.health = new HealthMonitor(loop, log, STATS_INTERVAL, worker -> replacement.replace(worker, true));
        this.stops = new WorkerStops(loop, registry, workers.values(), log);
        this.messages = new WorkerMessaging(loop, workers.values(), config.serviceIds(), config.messagingTimeout());
        this.starts = new ApplicationStarts(loop, log, config.startTimeout(), launcher.debugger(), worker -> {
            quarantined.remove(worker.service.id());
            registry.publish(workers.values());
            if (healthChecked(worker.service)) {
                health.watch(worker);
            }
        });
    }

    // ---- for any thread ----

    /** {@link #start(ServiceConfig, CompletableFuture)} with nothing to wait for. */
    CompletableFuture<Integer> start(ServiceConfig service) {
        return start(service, CompletableFuture.completedFuture(null));
    }

    /**
     * Starts one new worker of the service, retrying a failed start up to {@link StartAttempts#MAX_RETRIES}
     * times when the service restarts on error; the future completes when it is ready or fails for good. Its
     * application starts once {@code after} completes (the services it depends on have started; its JVM boots
     * meanwhile); if {@code after} fails, the worker is killed and the future fails without a retry.
     */
    public CompletableFuture<Integer> start(ServiceConfig service, CompletableFuture<Void> after) {
        return loop.call(() -> startAttempts.begin(service, after)).thenCompose(ready -> ready);
    }

    /**
     * Stops every worker of the service gracefully, killing those still alive after {@code grace}, and its spare at
     * once.
     */
    public CompletableFuture<Void> stopService(String serviceId, Duration grace) {
        return loop.call(() -> {
            List<CompletableFuture<Integer>> exits = new ArrayList<>();
            spares.discard(serviceId).ifPresent(exits::add);
            for (Worker worker : List.copyOf(workers.values())) {
                if (worker.service.id().equals(serviceId) && worker.alive()) {
                    exits.add(stop(worker, grace));
                }
            }
            return CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new));
        }).thenCompose(all -> all);
    }

    /**
     * Replaces every started worker of the service, one at a time: a new worker starts, takes traffic once
     * ready, then the old one stops gracefully. A worker whose replacement fails to start keeps serving. Its
     * spare, booted before the reload, is stopped, and a new one follows.
     */
    CompletableFuture<Void> reload(String serviceId) {
        return loop.call(() -> {
            spares.discard(serviceId);
            CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
            for (Worker worker : List.copyOf(workers.values())) {
                if (worker.service.id().equals(serviceId) && worker.state == WorkerState.STARTED) {
                    chain = chain.thenCompose(done -> loop.call(() -> replacement.replace(worker, false))
                            .thenCompose(replaced -> replaced));
                }
            }
            return chain.thenRun(() -> {
                restartCounts.increment(serviceId);
                keepSpare(serviceId);
            });
        }).thenCompose(all -> all);
    }

    /**
     * Launches a spare JVM for each service that wants one ({@link Spares}), {@link Spares#AFTER_START} after the
     * runtime has started, so as not to take the processors from its first requests.
     */
    public void keepSpares() {
        loop.postAfter(Spares.AFTER_START, () -> config.services().forEach(spares::keep));
    }

    /** Launches the service's spare JVM, if it wants one and has none. */
    void keepSpare(String serviceId) {
        config.service(serviceId).ifPresent(service -> loop.post(() -> spares.keep(service)));
    }

    /**
     * From now on no worker is started, restarted or replaced; the spares are killed, and the future completes once
     * their JVMs have exited.
     */
    public CompletableFuture<Void> beginShutdown() {
        return loop.call(() -> {
            shuttingDown = true;
            return CompletableFuture.allOf(spares.discardAll().toArray(CompletableFuture[]::new));
        }).thenCompose(exited -> exited);
    }

    /** Runs {@code query} on the loop over the started workers, in the order they were launched. */
    <T> CompletableFuture<T> started(Function<List<Worker>, T> query) {
        return loop.call(() -> query.apply(workers.values().stream().filter(w -> w.state == WorkerState.STARTED).toList()));
    }

    /** The started workers connected to this supervisor, to ask for their metrics. */
    public CompletableFuture<List<ScrapeTarget>> scrapeTargets() {
        return started(workers -> workers.stream().filter(w -> w.connection != null)
                .map(w -> new ScrapeTarget(w.service.id(), w.index, w.connection,
                        w.lastStats == null ? OptionalDouble.empty() : OptionalDouble.of(w.lastStats.elu())))
                .toList());
    }

    /** What the agent socket tells the supervisor: handshakes and worker messages. */
    public AgentEvents agentEvents() {
        return agents;
    }

    /** The metrics requests sent to workers that await their answer. */
    public PendingScrapes scrapes() {
        return scrapes;
    }

    /** How often each service has been restarted, after a crash or on request. */
    public ServiceRestarts restartCounts() {
        return restartCounts;
    }

    /** True once a worker of some service died and was not restarted, until a worker of that service starts. */
    public boolean hasQuarantinedService() {
        return !quarantined.isEmpty();
    }

    DiagnosticRequests diagnostics() {
        return diagnostics;
    }

    /** Messages between workers, on the loop. */
    WorkerMessaging messages() {
        return messages;
    }

    /** A snapshot of every worker, in the order they were launched; spares are not workers. */
    public CompletableFuture<List<WorkerView>> views() {
        return loop.call(() -> workers.values().stream().map(Worker::view).toList());
    }

    /** A snapshot of the spare JVMs, one per service that keeps one. */
    public CompletableFuture<List<WorkerView>> spareViews() {
        return loop.call(() -> spares.all().stream().map(Worker::view).toList());
    }

    /** True once the loop has run a no-op within {@code limit}; false when it did not, or has stopped. */
    public CompletableFuture<Boolean> answers(Duration limit) {
        return loop.call(() -> true).completeOnTimeout(false, limit.toNanos(), TimeUnit.NANOSECONDS)
                .exceptionally(error -> false);
    }

    /** Last resort: no worker starts any more, and every worker process still alive is killed at once. */
    public void killAll() {
        killed = true;
        byLabel.values().forEach(worker -> worker.process.destroyForcibly());
    }

    // ---- on the loop ----

    boolean stopping() {
        return shuttingDown || killed;
    }

    void quarantine(String serviceId) {
        quarantined.add(serviceId);
    }

    int nextIndex(ServiceConfig service) {
        return indexes.next(service.id());
    }

    /** A spare that never ran gives its index back, for the next worker of its service. */
    void giveBack(Worker spare) {
        indexes.giveBack(spare.service.id(), spare.index);
    }

    Spares spares() {
        return spares;
    }

    /** Starts the JVM of worker {@code index}, whose application starts at once. */
    Worker launch(ServiceConfig service, int index) {
        return launch(service, index, CompletableFuture.completedFuture(null));
    }

    /**
     * Starts the JVM of worker {@code index}, whose application starts once {@code after} completes; throws
     * {@link RtException} when it cannot be spawned.
     */
    Worker launch(ServiceConfig service, int index, CompletableFuture<Void> after) {
        Worker worker = spawn(service, index);
        workers.put(worker.label(), worker);
        if (!after.isDone()) {
            log.info("Preparing the " + worker.describe() + " (pid " + worker.process.pid() + "): its JVM boots while"
                    + " the services it depends on start.");
        }
        after.whenComplete((done, failure) -> loop.post(() -> starts.release(worker, failure)));
        return worker;
    }

    /** Starts a spare JVM of the service, held back before its application starts until {@link #promote}. */
    Worker launchSpare(ServiceConfig service) {
        Worker spare = spawn(service, nextIndex(service));
        spare.spare = true;
        return spare;
    }

    /** A spare taken from {@link Spares} becomes a worker of its service: its application starts now. */
    Worker promote(Worker spare) {
        workers.put(spare.label(), spare);
        starts.release(spare, null);
        return spare;
    }

    private Worker spawn(ServiceConfig service, int index) {
        if (stopping()) {
            throw new RtException(ErrorCode.SERVICE_START_FAILED, "the " + Worker.describe(service.id(), index)
                    + " was not started: the runtime is stopping");
        }
        WorkerLauncher.Spawned spawned = launcher.spawn(service, index, Worker.describe(service.id(), index));
        Process process = spawned.process();
        Worker worker = new Worker(service, index, process, System.nanoTime(), spawned.debugSlot(), spawned.command(),
                spawned.arguments());
        byLabel.put(worker.label(), worker);
        spawned.debugger().ifPresent(reach -> log.info("The " + worker.describe() + " " + reach + "."));
        spawned.exit().thenAccept(p -> loop.post(() -> {
            if (worker.spare) {
                ended(worker, p.exitValue());
                spares.exited(worker, p.exitValue());
            } else {
                onExit(worker, p.exitValue());
            }
        }));
        return worker;
    }

    void onReady(Worker worker, int port) {
        starts.ready(worker, port);
    }

    /** Health checks run when enabled, only for services restarted on error, and never under a debugger. */
    private boolean healthChecked(ServiceConfig service) {
        return service.health().enabled() && service.restartOnError().enabled() && !launcher.debugger().enabled();
    }

    /** What ends with any worker's JVM, spare or not. */
    private void ended(Worker worker, int code) {
        worker.released.complete(false); // a Hello still waiting is refused
        byLabel.remove(worker.label(), worker);
        workers.remove(worker.label(), worker);
        launcher.exited(worker.debugSlot);
        messages.exited(worker);
        worker.exited.complete(code);
    }

    private void onExit(Worker worker, int code) {
        WorkerState was = worker.state;
        ended(worker, code);
        switch (was) {
            case STARTING -> {
                worker.state = WorkerState.EXITED;
                String reason = worker.startFailure != null ? worker.startFailure
                        : "its JVM exited with code " + code + " before it was ready (see its output above)";
                worker.startFailure = reason;
                worker.ready.completeExceptionally(new RtException(
                        worker.timedOut ? ErrorCode.SERVICE_START_TIMEOUT : ErrorCode.SERVICE_START_FAILED,
                        "the " + worker.describe() + " failed to start: " + reason));
            }
            case STOPPING -> {
                worker.state = WorkerState.STOPPED;
                log.info("Stopped the " + worker.describe() + ".");
                worker.ready.completeExceptionally(new RtException(ErrorCode.SERVICE_START_FAILED,
                        "the " + worker.describe() + " was stopped before it was ready"));
            }
            case STARTED -> {
                worker.state = WorkerState.EXITED;
                registry.publish(workers.values());
                if (stopping()) {
                    log.info("The " + worker.describe() + " exited with code " + code + ".");
                    return;
                }
                log.warn("The " + worker.describe() + " unexpectedly exited with code " + code + ".");
                if (worker.replacement == null) {
                    restartAfterCrash(worker.service, worker.describe(), worker.uptime(System.nanoTime()));
                }
            }
            case STOPPED, EXITED -> { }
        }
    }

    void restartAfterCrash(ServiceConfig service, String described, Duration uptime) {
        restarts.afterDeath(service, described, uptime);
    }

    /** Stops one worker gracefully: out of the upstreams, {@code Stop}, killed if alive after {@code grace}. */
    CompletableFuture<Integer> stop(Worker worker, Duration grace) {
        return stops.stop(worker, grace);
    }

    /** The loop that owns every worker's state, for the policies that run on it. */
    SupervisorLoop loop() {
        return loop;
    }

    @Override
    public void close() {
        loop.close();
    }
}
