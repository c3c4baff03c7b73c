package dev.rt.supervisor;

import dev.rt.config.RuntimeConfig;
import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.history.RuntimeHistory;
import dev.rt.supervisor.management.ManagedRuntime;
import dev.rt.supervisor.metrics.MetricsFormat;
import dev.rt.supervisor.scheduler.JobScheduler;
import dev.rt.supervisor.worker.ServiceOperations;
import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link Supervisor} as its management API sees it, the state of its start from its {@link RuntimeParts};
 * stopping and restarting go to its {@link RuntimeControl}.
 */
final class ManagedSupervisor implements ManagedRuntime {
    private final Supervisor supervisor;
    private final RuntimeParts parts;

    ManagedSupervisor(Supervisor supervisor, RuntimeParts parts) {
        this.supervisor = supervisor;
        this.parts = parts;
    }

    @Override
    public RuntimeConfig config() {
        return supervisor.config();
    }

    @Override
    public boolean production() {
        return supervisor.options().production();
    }

    @Override
    public Map<String, String> environment() {
        return supervisor.realEnv();
    }

    @Override
    public Path directory() {
        return supervisor.runtimeDirectory();
    }

    @Override
    public int meshPort() {
        return parts.meshPort;
    }

    @Override
    public String version() {
        return RtVersion.get();
    }

    @Override
    public String status() {
        return parts.status;
    }

    @Override
    public Optional<String> url() {
        return supervisor.entrypointAddress().map(address -> supervisor.url());
    }

    @Override
    public List<WorkerView> workers() {
        return supervisor.workers();
    }

    @Override
    public List<WorkerView> spares() {
        return supervisor.spares();
    }

    @Override
    public CompletableFuture<String> metrics(MetricsFormat format) {
        return supervisor.metrics(format);
    }

    @Override
    public Optional<HttpCache> httpCache() {
        return supervisor.httpCache();
    }

    @Override
    public Optional<RuntimeHistory> history() {
        return supervisor.history();
    }

    @Override
    public long restarts(String serviceId) {
        return supervisor.restarts(serviceId);
    }

    @Override
    public ServiceOperations services() {
        return parts.services(supervisor.options());
    }

    @Override
    public Optional<JobScheduler> scheduler() {
        return supervisor.scheduler();
    }

    @Override
    public void stop() {
        supervisor.control().stopRuntime();
    }

    @Override
    public void restart() {
        supervisor.control().restartRuntime();
    }
}
