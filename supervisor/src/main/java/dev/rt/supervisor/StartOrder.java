package dev.rt.supervisor;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.ServiceConfig;
import dev.rt.config.ServiceDependencies;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order services start and stop in, as levels: the services of one level start (or stop) together, a
 * level only after the previous one is done.
 *
 * <p>With {@code services} listed in the configuration, each service is a level of its own, in the order
 * listed, never reordered by dependencies. Otherwise, dependency order: a service's level is one more
 * than the highest level among the services it depends on, so independent services start in parallel.
 * Either way a dependency on a service that does not exist, or a cycle, is an error that names it (the
 * configuration loader refuses both already, with the file and pointer: {@link ServiceDependencies}).
 *
 * <p>Stopping runs the other way: the entrypoint first, so no new request arrives, then every service only
 * after the services that depend on it.
 */
final class StartOrder {
    private final List<ServiceConfig> services;
    private final String entrypoint;
    private final boolean listed;
    private final Map<String, List<String>> dependencies = new LinkedHashMap<>();

    private StartOrder(List<ServiceConfig> services, String entrypoint, boolean listed) {
        this.services = List.copyOf(services);
        this.entrypoint = entrypoint;
        this.listed = listed;
        services.forEach(service -> dependencies.put(service.id(), service.dependencies()));
    }

    /**
     * Checks the dependencies of {@code services} and returns their order.
     *
     * @param listed true when the configuration fixes the order with {@code services}
     * @throws RtException {@code RT_CONFIG_DEPENDENCY_NOT_FOUND} or {@code RT_CONFIG_DEPENDENCY_CYCLE}
     */
    static StartOrder of(List<ServiceConfig> services, String entrypoint, boolean listed) {
        StartOrder order = new StartOrder(services, entrypoint, listed);
        order.checkDependenciesExist();
        order.checkNoCycle();
        return order;
    }

    /** The services in start order, level by level. */
    List<List<ServiceConfig>> startLevels() {
        if (listed) {
            return services.stream().map(List::of).toList();
        }
        Map<String, Integer> levels = new HashMap<>();
        services.forEach(service -> level(service.id(), levels));
        int highest = levels.values().stream().mapToInt(Integer::intValue).max().orElse(-1);
        List<List<ServiceConfig>> result = new ArrayList<>();
        for (int level = 0; level <= highest; level++) {
            int wanted = level;
            result.add(services.stream().filter(s -> levels.get(s.id()) == wanted).toList());
        }
        return result;
    }

    /** The services in stop order: the entrypoint alone, then each service after those that depend on it. */
    List<List<ServiceConfig>> stopLevels() {
        List<List<ServiceConfig>> result = new ArrayList<>();
        services.stream().filter(s -> s.id().equals(entrypoint)).findFirst().ifPresent(s -> result.add(List.of(s)));
        if (listed) {
            result.addAll(dependentsFirst().stream().map(List::of).toList());
        } else {
            List<List<ServiceConfig>> start = startLevels();
            for (int i = start.size() - 1; i >= 0; i--) {
                List<ServiceConfig> level = start.get(i).stream().filter(s -> !s.id().equals(entrypoint)).toList();
                if (!level.isEmpty()) {
                    result.add(level);
                }
            }
        }
        return result;
    }

    /** Every service but the entrypoint, the last listed first unless a dependency says otherwise. */
    private List<ServiceConfig> dependentsFirst() {
        List<ServiceConfig> remaining = new ArrayList<>(services);
        remaining.removeIf(s -> s.id().equals(entrypoint));
        List<ServiceConfig> result = new ArrayList<>();
        while (!remaining.isEmpty()) {
            for (int i = remaining.size() - 1; i >= 0; i--) {
                String id = remaining.get(i).id();
                boolean dependedOn = remaining.stream().anyMatch(other -> dependencies.get(other.id()).contains(id));
                if (!dependedOn) {
                    result.add(remaining.remove(i));
                    break;
                }
            }
        }
        return result;
    }

    private int level(String id, Map<String, Integer> levels) {
        Integer known = levels.get(id);
        if (known != null) {
            return known;
        }
        int level = 0;
        for (String dependency : dependencies.get(id)) {
            level = Math.max(level, level(dependency, levels) + 1);
        }
        levels.put(id, level);
        return level;
    }

    private void checkDependenciesExist() {
        for (Map.Entry<String, List<String>> entry : dependencies.entrySet()) {
            for (String dependency : entry.getValue()) {
                if (!dependencies.containsKey(dependency)) {
                    throw new RtException(ErrorCode.CONFIG_DEPENDENCY_NOT_FOUND, "Service dependency \"" + dependency
                            + "\" of the service \"" + entry.getKey() + "\" not found. Available services are: "
                            + String.join(", ", dependencies.keySet())
                            + " (fix the service's dependencies, or add the missing service)");
                }
            }
        }
    }

    private void checkNoCycle() {
        ServiceDependencies.cycle(dependencies).ifPresent(cycle -> {
            throw new RtException(ErrorCode.CONFIG_DEPENDENCY_CYCLE, "Detected a cycle in the services dependencies: "
                    + String.join(" -> ", cycle) + " (remove one of these dependencies)");
        });
    }
}
