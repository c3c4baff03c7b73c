package dev.rt.supervisor;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.history.RuntimeHistory;
import dev.rt.supervisor.metrics.MetricsFormat;
import dev.rt.supervisor.metrics.MetricsServer;
import dev.rt.supervisor.proxy.EntrypointServer;
import dev.rt.supervisor.scheduler.JobScheduler;
import dev.rt.supervisor.telemetry.Tracing;
import dev.rt.supervisor.worker.Reloads;
import dev.rt.supervisor.worker.ServiceOperations;
import dev.rt.supervisor.worker.WorkerLifecycle;
import dev.rt.supervisor.worker.WorkerRegistry;
import dev.rt.supervisor.worker.WorkerState;
import dev.rt.supervisor.worker.WorkerView;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * What a runtime is made of once (or while) it starts: each part is set by {@link StartUp} as it comes up, so that
 * the management API, which listens before every service is ready, and an aborted start see what exists so far.
 * Answers the status questions of {@link Supervisor} from those parts; a part not yet started answers "nothing".
 */
final class RuntimeParts {
    private final RuntimeConfig config;
    /** {@code init}, {@code starting}, {@code started}, {@code stopping}, {@code stopped} or {@code errored}. */
    volatile String status = "init";
    volatile StartOrder order;
    volatile WorkerRegistry registry;
    volatile WorkerLifecycle lifecycle;
    volatile Reloads reloads;
    volatile RuntimeProxies proxies;
    volatile EntrypointServer entrypoint;
    volatile Optional<EntrypointRouting> routing = Optional.empty(); // closed before the services stop
    volatile SupervisorMetrics metrics;
    volatile InetSocketAddress entrypointAddress;
    /** The mesh proxy's port on 127.0.0.1, once started. */
    volatile int meshPort;
    volatile Path runtimeDirectory;
    volatile JobScheduler scheduler;
    volatile RuntimeHistory workerHistory;

    RuntimeParts(RuntimeConfig config) {
        this.config = config;
    }

    List<WorkerView> workers() {
        WorkerLifecycle current = lifecycle;
        return current == null ? List.of() : current.views().completeOnTimeout(List.of(), 10, TimeUnit.SECONDS)
                .exceptionally(closed -> List.of()).join();
    }

    List<WorkerView> spares() {
        WorkerLifecycle current = lifecycle;
        return current == null ? List.of() : current.spareViews().completeOnTimeout(List.of(), 10, TimeUnit.SECONDS)
                .exceptionally(closed -> List.of()).join();
    }

    List<String> unavailableServices() {
        WorkerRegistry current = registry;
        return config.services().stream().filter(ServiceConfig::runsWorkers).map(ServiceConfig::id)
                .filter(id -> current == null || !current.hasStartedWorker(id)).toList();
    }

    boolean responsive(Duration limit) {
        WorkerLifecycle current = lifecycle;
        return current != null && current.answers(limit).join();
    }

    String summary() {
        long started = workers().stream().filter(worker -> worker.state() == WorkerState.STARTED).count();
        List<String> down = unavailableServices();
        String line = config.serviceIds().size() + (config.serviceIds().size() == 1 ? " service, " : " services, ")
                + started + (started == 1 ? " worker" : " workers") + " started";
        return down.isEmpty() ? line : line + "; no worker started for: " + String.join(", ", down);
    }

    CompletableFuture<String> metrics(MetricsFormat format) {
        SupervisorMetrics current = metrics;
        if (current == null) {
            return CompletableFuture.failedFuture(new RtException(ErrorCode.NOT_STARTED,
                    "the runtime has no metrics before it has started"));
        }
        return current.metrics(format);
    }

    Optional<InetSocketAddress> metricsAddress() {
        SupervisorMetrics current = metrics;
        return current == null ? Optional.empty() : current.server().map(MetricsServer::address);
    }

    Optional<Tracing> tracing() {
        RuntimeProxies current = proxies;
        return current == null ? Optional.empty() : current.tracing();
    }

    Optional<HttpCache> httpCache() {
        RuntimeProxies current = proxies;
        return current == null ? Optional.empty() : current.cache();
    }

    long restarts(String serviceId) {
        WorkerLifecycle current = lifecycle;
        return current == null ? 0 : current.restartCounts().count(serviceId);
    }

    /** What the management API does to services (start, stop, reload, diagnose); fails before start. */
    ServiceOperations services(RuntimeOptions options) {
        WorkerLifecycle current = lifecycle;
        if (current == null) {
            throw new RtException(ErrorCode.NOT_STARTED, "the runtime has not started");
        }
        return new ServiceOperations(config, current, runtimeDirectory, options::workersOf);
    }

    String url() {
        InetSocketAddress address = entrypointAddress;
        if (address == null) {
            throw new IllegalStateException("the runtime has not started");
        }
        String host = address.getHostString();
        return entrypoint.scheme() + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    }
}
