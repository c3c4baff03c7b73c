package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The services a service needs started first without naming them in {@code dependencies}: the services its
 * {@code clients} call ({@code serviceId}, a setting every application kind shares), and those its kind names
 * ({@link dev.rt.kind.Kind#dependencies}: the services a gateway composes, say).
 */
final class ImpliedDependencies {
    private ImpliedDependencies() {
    }

    /** {@code declared} first, then the implied ones, each id once, never the service itself. */
    static List<String> of(String serviceId, List<String> declared, ConfigNode application, List<String> ofKind) {
        Set<String> ids = new LinkedHashSet<>(declared);
        application.get("clients").elements().forEach(client -> client.get("serviceId").optionalString().ifPresent(ids::add));
        ids.addAll(ofKind);
        ids.remove(serviceId);
        return List.copyOf(ids);
    }
}
