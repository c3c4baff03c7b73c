package dev.rt.supervisor;

import dev.rt.auth.forward.IdentitySeal;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.install.Installation;
import dev.rt.supervisor.agent.AgentServer;
import dev.rt.supervisor.cache.WorkerInvalidation;
import dev.rt.supervisor.drain.Drain;
import dev.rt.supervisor.history.RuntimeHistory;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.management.LogStore;
import dev.rt.supervisor.management.ManagementServer;
import dev.rt.supervisor.metrics.HttpMetrics;
import dev.rt.supervisor.process.RuntimeDirectory;
import dev.rt.supervisor.process.TelemetryAgent;
import dev.rt.supervisor.process.WorkerArchives;
import dev.rt.supervisor.process.WorkerCommand;
import dev.rt.supervisor.process.WorkerLauncher;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import dev.rt.supervisor.scheduler.JobScheduler;
import dev.rt.supervisor.scheduler.PausedJobs;
import dev.rt.supervisor.telemetry.Tracing;
import dev.rt.supervisor.worker.CacheInvalidations;
import dev.rt.supervisor.worker.Readiness;
import dev.rt.supervisor.worker.Reloads;
import dev.rt.supervisor.worker.WorkerLifecycle;
import dev.rt.supervisor.worker.WorkerRegistry;
import dev.rt.supervisor.worker.WorkerServices;
import dev.rt.supervisor.worker.WorkerSpans;
import dev.rt.supervisor.worker.WorkerStatsListener;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The start sequence of one runtime, in order: its private directory, the management API's log store, the proxies
 * (entrypoint and mesh) and the entrypoint's routing, the worker launcher and lifecycle, the agent socket, the
 * services level by level ({@link StartLevels}), metrics, the management API, the scheduler, then the file watcher
 * of {@code --dev}. Each part goes into {@link RuntimeParts} as it comes up and anything closeable into
 * {@link Closeables}, so that {@link Supervisor} can stop what a failed start left running.
 */
final class StartUp {
    private final RuntimeConfig config;
    private final RuntimeOptions options;
    private final RuntimeLog log;
    private final Map<String, String> realEnv;
    private final Closeables closeables;
    private final RuntimeParts parts;

    StartUp(RuntimeConfig config, RuntimeOptions options, RuntimeLog log, Map<String, String> realEnv,
            Closeables closeables, RuntimeParts parts) {
        this.config = config;
        this.options = options;
        this.log = log;
        this.realEnv = realEnv;
        this.closeables = closeables;
        this.parts = parts;
    }

    /** What the start shares with the rest of the supervisor's life. */
    record Shared(Supervisor supervisor, RequestObserver observer, HttpMetrics httpMetrics, IdentitySeal identity,
                  Drain drain, PausedJobs pausedJobs, List<RuntimeEvents> listeners) {
    }

    /** Starts everything and returns the entrypoint's address; throws, leaving the parts started so far, on failure. */
    InetSocketAddress run(Shared shared) {
        RuntimeDirectory directory = remember(RuntimeDirectory.create());
        parts.runtimeDirectory = directory.path();
        var managementApi = config.sections().managementApi();
        LogStore history = managementApi.enabled() // before the first line, which it keeps
                ? remember(LogStore.open(directory.path().resolve("logs"), managementApi.logsMaxSizeBytes(), log)) : null;
        // the dashboard's charts (rt admin), which reach the runtime only through the management API
        RuntimeHistory workerHistory = managementApi.enabled() ? remember(RuntimeHistory.start()) : null;
        parts.workerHistory = workerHistory;
        RequestObserver observed = workerHistory == null ? shared.observer()
                : RuntimeHistory.both(shared.observer(), workerHistory);
        ProxyEventLoops loops = remember(new ProxyEventLoops());
        log.info("Proxy I/O on " + loops.describe());
        config.warnings().forEach(log::warn); // what the configuration sets to no effect, once per start
        WorkerRegistry registry = new WorkerRegistry(config.serviceIds());
        parts.registry = registry;
        parts.routing = EntrypointRouting.of(config).map(this::remember);
        EntrypointRouting.unused(config).forEach(id -> log.warn("The service \"" + id + "\" routes requests only"
                + " as the entrypoint, which is \"" + config.entrypoint() + "\": it routes none here."));
        RuntimeProxies proxies = remember(RuntimeProxies.bind(config, loops, registry, observed, log,
                parts.routing.map(EntrypointRouting::routes), directory.path()));
        parts.proxies = proxies;
        parts.meshPort = proxies.meshPort();
        parts.entrypoint = proxies.entrypoint();
        InetSocketAddress bound = proxies.entrypointAddress();
        WorkerCommand plain = new WorkerCommand(WorkerCommand.currentJava(), Installation.agentJar(),
                directory.agentSocket(), config.root(), TelemetryAgent.of(config));
        WorkerCommand command = proxies.direct()
                .map(socket -> plain.withPublicSocket(socket.serviceId(), socket.handoutPath())).orElse(plain);
        WorkerArchives sharing = remember(WorkerArchives.of(command.java(), command.agentJar(), config.services(),
                realEnv));
        WorkerLauncher launcher = new WorkerLauncher(command, sharing, realEnv, log, options.development(),
                options.debugger());
        WorkerLifecycle lifecycle = new WorkerLifecycle(config, options.production(), launcher, registry, log,
                proxies::meshPortOf, new WorkerServices(
                        proxies.tracing().<WorkerSpans>map(Tracing::workerSpans).orElse(WorkerSpans.NONE),
                        proxies.cache().<CacheInvalidations>map(WorkerInvalidation::new).orElse(CacheInvalidations.NONE),
                        workerHistory == null ? WorkerStatsListener.NONE : workerHistory, shared.identity().key()));
        parts.lifecycle = lifecycle;
        List<RuntimeEvents> listeners = shared.listeners();
        parts.reloads = new Reloads(lifecycle, config.serviceIds(), log,
                () -> listeners.forEach(RuntimeEvents::reloading), () -> listeners.forEach(RuntimeEvents::reloaded));
        remember(AgentServer.start(directory.agentSocket(), lifecycle.agentEvents(), log));
        List<CompletableFuture<Integer>> ready = StartLevels.start(parts.order, lifecycle, options::workersOf);
        SupervisorMetrics metrics = remember(SupervisorMetrics.start(config, loops, lifecycle, registry,
                shared.httpMetrics(), shared.drain(), log));
        parts.metrics = metrics;
        proxies.cache().ifPresent(cache -> metrics.register(cache.metrics()));
        if (history != null) {
            remember(ManagementServer.start(new ManagedSupervisor(shared.supervisor(), parts), log, history));
        }
        Readiness.await(ready);
        if (JobScheduler.needed(config)) {
            parts.scheduler = JobScheduler.start(config, loops, parts.meshPort, shared.identity(), log,
                    metrics.registry(), shared.pausedJobs());
        }
        parts.routing.ifPresent(router -> router.start(config, proxies.meshAddress(), log, options.development()));
        parts.entrypointAddress = bound;
        parts.status = "started";
        log.info("rt is now listening at " + parts.url());
        sharing.createInBackground(log);
        lifecycle.keepSpares();
        watchInDevelopment();
        return bound;
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
            remember(ServiceWatcher.start(config.services(), log, parts.reloads::serviceChanged));
            log.info("Watching the services' files for changes.");
        } catch (IOException e) {
            log.warn("Cannot watch the services' files for changes: " + e.getMessage());
        }
    }

    private <T extends AutoCloseable> T remember(T closeable) {
        return closeables.add(closeable);
    }
}
