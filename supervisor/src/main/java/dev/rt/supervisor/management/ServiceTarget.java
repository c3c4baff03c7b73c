package dev.rt.supervisor.management;

import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.worker.WorkerState;
import dev.rt.supervisor.worker.WorkerView;
import java.util.List;
import java.util.Optional;

/**
 * A service id as the management routes accept it: {@code api} for the service (requests go round robin), or
 * {@code api:N} for its worker N. Unknown ids are {@link ApiError}s that list what exists.
 */
record ServiceTarget(ServiceConfig service, Optional<Integer> worker) {
    static ServiceTarget parse(ManagedRuntime runtime, String id) {
        int colon = id.lastIndexOf(':');
        String serviceId = colon < 0 ? id : id.substring(0, colon);
        ServiceConfig service = runtime.config().service(serviceId)
                .orElseThrow(() -> ApiError.serviceNotFound(serviceId, runtime.config().serviceIds()));
        if (colon < 0) {
            return new ServiceTarget(service, Optional.empty());
        }
        List<WorkerView> workers = workersOf(runtime, serviceId);
        String index = id.substring(colon + 1);
        return workers.stream().filter(w -> String.valueOf(w.index()).equals(index)).findFirst()
                .map(w -> new ServiceTarget(service, Optional.of(w.index())))
                .orElseThrow(() -> ApiError.workerNotFound(index, serviceId,
                        workers.stream().map(w -> String.valueOf(w.index())).toList()));
    }

    static List<WorkerView> workersOf(ManagedRuntime runtime, String serviceId) {
        return runtime.workers().stream().filter(w -> w.serviceId().equals(serviceId)).toList();
    }

    /** {@code started} when a worker serves, {@code starting} while one starts, else {@code stopped}. */
    static String status(ManagedRuntime runtime, String serviceId) {
        List<WorkerView> workers = workersOf(runtime, serviceId);
        if (workers.stream().anyMatch(w -> w.state() == WorkerState.STARTED)) {
            return "started";
        }
        return workers.stream().anyMatch(w -> w.state() == WorkerState.STARTING) ? "starting" : "stopped";
    }

    /** The started worker this target names, or the service's first started worker for a plain id. */
    Optional<WorkerView> startedWorker(ManagedRuntime runtime) {
        return workersOf(runtime, service.id()).stream()
                .filter(w -> w.state() == WorkerState.STARTED && w.port().isPresent())
                .filter(w -> worker.isEmpty() || worker.get() == w.index()).findFirst();
    }
}
