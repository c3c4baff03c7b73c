package dev.rt.supervisor.proxy;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where one request goes: the started workers of a service, or (through the mesh) one fixed address outside
 * the runtime; and, when an interceptor asks for it, the {@code Authorization} value to set first.
 */
final class RouteTarget {
    private final String serviceId;
    private final Upstream fixed;
    private final CompletableFuture<String> authorization;

    private RouteTarget(String serviceId, Upstream fixed, CompletableFuture<String> authorization) {
        this.serviceId = serviceId;
        this.fixed = fixed;
        this.authorization = authorization;
    }

    /** The workers of {@code serviceId}. */
    static RouteTarget service(String serviceId) {
        return new RouteTarget(serviceId, null, null);
    }

    /** One address outside the runtime, named {@code origin} in errors. */
    static RouteTarget origin(Upstream origin) {
        return new RouteTarget(origin.serviceId(), origin, null);
    }

    /** The same target, with {@code Authorization} set to the value the future completes with. */
    RouteTarget authorizedBy(CompletableFuture<String> value) {
        return new RouteTarget(serviceId, fixed, value);
    }

    String serviceId() {
        return serviceId;
    }

    Optional<Upstream> fixed() {
        return Optional.ofNullable(fixed);
    }

    Optional<CompletableFuture<String>> authorization() {
        return Optional.ofNullable(authorization);
    }
}
