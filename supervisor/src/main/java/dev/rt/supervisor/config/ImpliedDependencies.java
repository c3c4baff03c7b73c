package dev.rt.supervisor.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The services a service needs started first without naming them in {@code dependencies}: the services its
 * {@code clients} call ({@code serviceId}), and the services a gateway ({@code gateway.applications}) or a
 * composer ({@code composer.services}) composes over the mesh, that is without an {@code origin} or with
 * {@code http://<id>.rt.local} as its origin. Entries that reach a remote origin are not dependencies.
 */
final class ImpliedDependencies {
    private ImpliedDependencies() {
    }

    /** {@code declared} first, then the implied ones, each id once, never the service itself. */
    static List<String> of(String serviceId, List<String> declared, JsonNode applicationTree) {
        Set<String> ids = new LinkedHashSet<>(declared);
        applicationTree.path("clients").forEach(client -> {
            if (client.path("serviceId").isTextual()) {
                ids.add(client.path("serviceId").asText());
            }
        });
        composed(applicationTree.path("gateway").path("applications"), ids);
        composed(applicationTree.path("composer").path("services"), ids);
        ids.remove(serviceId);
        return List.copyOf(ids);
    }

    private static void composed(JsonNode entries, Set<String> ids) {
        entries.forEach(entry -> {
            String id = entry.path("id").asText("");
            JsonNode origin = entry.path("origin");
            boolean overMesh = origin.isMissingNode() || origin.asText().equals("http://" + id + ".rt.local");
            if (!id.isEmpty() && overMesh) {
                ids.add(id);
            }
        });
    }
}
