package dev.rt.supervisor.management;

import dev.rt.config.RuntimeConfig;
import dev.rt.supervisor.history.RuntimeHistory;
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
 * The runtime as its management API sees it: what it runs, how it stands, and what the API may ask of it. The
 * supervisor implements it and hands it to {@link ManagementServer#start}; the management API knows nothing
 * else of the supervisor.
 */
public interface ManagedRuntime {
    /** The configuration it runs. */
    RuntimeConfig config();

    /** False under {@code --dev}, where every service runs one worker. */
    boolean production();

    /** The environment it was given, which its workers see beneath their service's variables. */
    Map<String, String> environment();

    /** Its private directory, where the management API keeps its logs. */
    Path directory();

    /** The mesh proxy's port on 127.0.0.1. */
    int meshPort();

    /** The version of rt that runs it. */
    String version();

    /** {@code init}, {@code starting}, {@code started}, {@code stopping}, {@code stopped} or {@code errored}. */
    String status();

    /** The entrypoint's URL, once every service has started. */
    Optional<String> url();

    /** Every worker it knows, in the order they were launched. */
    List<WorkerView> workers();

    /** Its spare JVMs, booted and waiting to take the place of a worker that dies; none by default. */
    default List<WorkerView> spares() {
        return List.of();
    }

    /** The aggregated metrics of its workers and of the supervisor, as the metrics server serves them. */
    CompletableFuture<String> metrics(MetricsFormat format);

    /** What may be done to its services: start, stop, reload, diagnose. */
    ServiceOperations services();

    /** Its scheduler, when its configuration has jobs and it has started. */
    default Optional<JobScheduler> scheduler() {
        return Optional.empty();
    }

    /** Stops the runtime; returns at once and acts afterwards, so that the request that asked can be answered. */
    void stop();

    /**
     * Restarts the runtime with its configuration read again; returns at once and acts afterwards.
     *
     * @throws dev.rt.config.error.RtException {@code RT_RUNTIME_RESTART_UNSUPPORTED} when nothing could start it again
     */
    void restart();

    /** How many times the service was restarted, after a crash or on request. */
    default long restarts(String serviceId) {
        return 0;
    }

    /** The last fifteen minutes of its workers' figures; empty when it keeps none. */
    default Optional<RuntimeHistory> history() {
        return Optional.empty();
    }

    /** The HTTP cache of the mesh; empty when the runtime has none. */
    default Optional<dev.rt.supervisor.cache.HttpCache> httpCache() {
        return Optional.empty();
    }
}
