package dev.rt.supervisor.proxy;

import dev.rt.supervisor.proxy.route.Upstream;
import dev.rt.supervisor.proxy.route.UpstreamSelector;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** An {@link UpstreamSelector} over fixed addresses, round robin per service; configured before use. */
public final class TestUpstreams implements UpstreamSelector {
    private final Map<String, List<Upstream>> services = new LinkedHashMap<>();
    private final Map<String, AtomicInteger> turns = new ConcurrentHashMap<>();

    public TestUpstreams service(String id, InetSocketAddress... workers) {
        List<Upstream> upstreams = new ArrayList<>();
        for (int i = 0; i < workers.length; i++) {
            upstreams.add(new Upstream(id, i, workers[i]));
        }
        services.put(id, List.copyOf(upstreams));
        turns.put(id, new AtomicInteger());
        return this;
    }

    @Override
    public Optional<Upstream> next(String serviceId) {
        List<Upstream> upstreams = services.get(serviceId);
        if (upstreams == null || upstreams.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(upstreams.get(Math.floorMod(turns.get(serviceId).getAndIncrement(), upstreams.size())));
    }

    @Override
    public List<Upstream> started(String serviceId) {
        return services.getOrDefault(serviceId, List.of());
    }

    /** Moves the rotation on by one, as a request on another connection would. */
    public void turn(String serviceId) {
        turns.get(serviceId).incrementAndGet();
    }

    @Override
    public List<String> serviceIds() {
        return List.copyOf(services.keySet());
    }
}
