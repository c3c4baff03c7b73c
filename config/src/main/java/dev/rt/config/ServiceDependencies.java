package dev.rt.config;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.read.ConfigNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The dependencies between the services of one runtime, checked as the configuration loads, so that
 * {@code rt start --check}, {@code rt start} and a reload refuse the same configurations: every dependency
 * names another service of the runtime, and no dependencies form a cycle. A declared dependency is named by
 * its pointer ({@code /services/1/dependencies/0}), an implied one ({@link ImpliedDependencies}) by its service.
 */
public final class ServiceDependencies {
    private final Map<String, ConfigNode> nodes = new LinkedHashMap<>();
    private final Map<String, List<String>> dependencies = new LinkedHashMap<>();

    private ServiceDependencies(List<ConfigNode> serviceNodes, List<ServiceConfig> services) {
        for (int i = 0; i < services.size(); i++) {
            nodes.put(services.get(i).id(), serviceNodes.get(i));
            dependencies.put(services.get(i).id(), services.get(i).dependencies());
        }
    }

    /** {@code serviceNodes} are the entries the {@code services} were loaded from, in the same order. */
    static void check(List<ConfigNode> serviceNodes, List<ServiceConfig> services) {
        ServiceDependencies check = new ServiceDependencies(serviceNodes, services);
        check.declaredNameOtherServices();
        check.impliedNameServices();
        check.noCycle();
    }

    private void declaredNameOtherServices() {
        nodes.forEach((id, node) -> {
            for (ConfigNode declared : node.get("dependencies").elements()) {
                String dependency = declared.requiredString();
                if (dependency.equals(id)) {
                    throw declared.error(ErrorCode.CONFIG_DEPENDENCY_CYCLE, "the service \"" + id
                            + "\" depends on itself (remove this dependency)");
                }
                if (!dependencies.containsKey(dependency)) {
                    throw declared.error(ErrorCode.CONFIG_DEPENDENCY_NOT_FOUND, "names no service: \"" + dependency
                            + "\"; the services are " + String.join(", ", dependencies.keySet())
                            + " (fix the service's dependencies, or add the missing service)");
                }
            }
        });
    }

    private void impliedNameServices() {
        dependencies.forEach((id, needed) -> needed.stream().filter(dependency -> !dependencies.containsKey(dependency))
                .findFirst().ifPresent(dependency -> {
                    throw nodes.get(id).error(ErrorCode.CONFIG_DEPENDENCY_NOT_FOUND, "the service \"" + id
                            + "\" calls the service \"" + dependency + "\" (its configuration file names it in clients, "
                            + "gateway or composer), which does not exist; the services are "
                            + String.join(", ", dependencies.keySet()));
                }));
    }

    private void noCycle() {
        cycle(dependencies).ifPresent(cycle -> {
            throw edge(cycle.get(0), cycle.get(1)).error(ErrorCode.CONFIG_DEPENDENCY_CYCLE,
                    "detected a cycle in the services dependencies: " + String.join(" -> ", cycle)
                            + " (remove one of these dependencies)");
        });
    }

    /**
     * A cycle among {@code dependencies} (service id to the ids it depends on, every one a key), named from where
     * it closes ({@code a -> b -> a}), if there is one.
     */
    public static Optional<List<String>> cycle(Map<String, List<String>> dependencies) {
        Set<String> done = new LinkedHashSet<>();
        for (String id : dependencies.keySet()) {
            Optional<List<String>> cycle = visit(dependencies, id, new ArrayList<>(), done);
            if (cycle.isPresent()) {
                return cycle;
            }
        }
        return Optional.empty();
    }

    private static Optional<List<String>> visit(Map<String, List<String>> dependencies, String id, List<String> path,
            Set<String> done) {
        int at = path.indexOf(id);
        if (at >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(at, path.size()));
            cycle.add(id);
            return Optional.of(cycle);
        }
        if (done.contains(id)) {
            return Optional.empty();
        }
        path.add(id);
        for (String dependency : dependencies.get(id)) {
            Optional<List<String>> cycle = visit(dependencies, dependency, path, done);
            if (cycle.isPresent()) {
                return cycle;
            }
        }
        path.remove(path.size() - 1);
        done.add(id);
        return Optional.empty();
    }

    /** Where {@code from} declares its dependency on {@code to}; the service itself when the dependency is implied. */
    private ConfigNode edge(String from, String to) {
        ConfigNode service = nodes.get(from);
        return service.get("dependencies").elements().stream()
                .filter(declared -> declared.json().asText().equals(to))
                .findFirst().orElse(service);
    }
}
