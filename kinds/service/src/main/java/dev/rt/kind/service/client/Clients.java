package dev.rt.kind.service.client;

import dev.rt.service.ServiceClient;
import io.vertx.core.Vertx;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The service's clients of other services ({@code clients}): one {@link MeshClient} per entry, opened once at start,
 * found by service id. Fixed once built.
 */
public final class Clients {
    private final String serviceId;
    private final Map<String, ServiceClient> byServiceId;

    private Clients(String serviceId, Map<String, ServiceClient> byServiceId) {
        this.serviceId = serviceId;
        this.byServiceId = Collections.unmodifiableMap(byServiceId);
    }

    /** @param serviceId the service whose clients these are, for messages */
    public static Clients open(Vertx vertx, String serviceId, List<ClientSettings> entries) {
        Map<String, ServiceClient> clients = new LinkedHashMap<>();
        for (ClientSettings client : entries) {
            clients.put(client.serviceId(), new MeshClient(vertx, client));
        }
        return new Clients(serviceId, clients);
    }

    public Optional<ServiceClient> find(String target) {
        return Optional.ofNullable(byServiceId.get(target));
    }

    /** Why the service has no client for {@code target}, and what to add. */
    public String missing(String target) {
        return "service \"" + serviceId + "\" has no client for \"" + target + "\"; add {\"serviceId\": \"" + target
                + "\"} to its \"clients\"" + (byServiceId.isEmpty() ? ""
                        : " (it has " + String.join(", ", byServiceId.keySet()) + ")");
    }
}
