package dev.rt.kind.routing;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the requests of a rule go.
 *
 * @param serviceId the service of the runtime whose workers take them; with an {@code origin}, the name given to
 *                  the outside host in messages
 * @param origin    {@code http://host[:port]}: a host outside the runtime, reached directly, with its own name as
 *                  the {@code Host}; empty for the service's workers
 */
public record Target(String serviceId, Optional<String> origin) {
    public Target {
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(origin, "origin");
    }

    public static Target service(String serviceId) {
        return new Target(serviceId, Optional.empty());
    }
}
