package dev.rt.supervisor.worker;

import dev.rt.supervisor.proxy.route.Upstream;
import dev.rt.supervisor.proxy.route.UpstreamSelector;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The started workers of each service, as the proxy sees them. The supervisor loop publishes a new immutable
 * snapshot whenever a worker starts or leaves; event loops read the current one without locking and pick
 * workers round robin.
 */
public final class WorkerRegistry implements UpstreamSelector {
    private final List<String> serviceIds;
    private final Map<String, AtomicInteger> cursors = new ConcurrentHashMap<>();
    private volatile Map<String, Upstream[]> started = Map.of();

    public WorkerRegistry(List<String> serviceIds) {
        this.serviceIds = List.copyOf(serviceIds);
        serviceIds.forEach(id -> cursors.put(id, new AtomicInteger()));
    }

    /** Called on the supervisor loop with every worker it knows. */
    void publish(Iterable<Worker> workers) {
        Map<String, List<Upstream>> byService = new HashMap<>();
        for (Worker worker : workers) {
            if (worker.state == WorkerState.STARTED) {
                byService.computeIfAbsent(worker.service.id(), id -> new java.util.ArrayList<>())
                        .add(new Upstream(worker.service.id(), worker.index,
                                new InetSocketAddress(InetAddress.getLoopbackAddress(), worker.port)));
            }
        }
        Map<String, Upstream[]> snapshot = new HashMap<>();
        byService.forEach((id, upstreams) -> snapshot.put(id, upstreams.toArray(Upstream[]::new)));
        started = Map.copyOf(snapshot);
    }

    @Override
    public Optional<Upstream> next(String serviceId) {
        Upstream[] upstreams = started.get(serviceId);
        if (upstreams == null || upstreams.length == 0) {
            return Optional.empty();
        }
        AtomicInteger cursor = cursors.get(serviceId);
        return Optional.of(upstreams[Math.floorMod(cursor.getAndIncrement(), upstreams.length)]);
    }

    @Override
    public List<Upstream> started(String serviceId) {
        Upstream[] upstreams = started.get(serviceId);
        return upstreams == null ? List.of() : List.of(upstreams);
    }

    @Override
    public List<String> serviceIds() {
        return serviceIds;
    }

    /** Whether the service has a worker that takes requests. */
    public boolean hasStartedWorker(String serviceId) {
        Upstream[] upstreams = started.get(serviceId);
        return upstreams != null && upstreams.length > 0;
    }
}
