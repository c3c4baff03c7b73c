package dev.rt.supervisor.proxy;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where one request goes: the started workers of a service, or (through the mesh) one fixed address outside
 * the runtime; whether its {@code Host} becomes the address of the worker it is sent to; and, when an
 * interceptor asks for it, the {@code Authorization} value to set first.
 */
final class RouteTarget {
    private final String serviceId;
    private final Upstream fixed;
    private final boolean workerHost;
    private final CompletableFuture<String> authorization;

    private RouteTarget(String serviceId, Upstream fixed, boolean workerHost, CompletableFuture<String> authorization) {
        this.serviceId = serviceId;
        this.fixed = fixed;
        this.workerHost = workerHost;
        this.authorization = authorization;
    }

    /** The workers of {@code serviceId}, the request's {@code Host} left as the route set it. */
    static RouteTarget service(String serviceId) {
        return new RouteTarget(serviceId, null, false, null);
    }

    /** The workers of {@code serviceId}, each sent the request with its own address as the {@code Host}. */
    static RouteTarget serviceWithWorkerHost(String serviceId) {
        return new RouteTarget(serviceId, null, true, null);
    }

    /** One address outside the runtime, named {@code origin} in errors. */
    static RouteTarget origin(Upstream origin) {
        return new RouteTarget(origin.serviceId(), origin, false, null);
    }

    /** The same target, with {@code Authorization} set to the value the future completes with. */
    RouteTarget authorizedBy(CompletableFuture<String> value) {
        return new RouteTarget(serviceId, fixed, workerHost, value);
    }

    String serviceId() {
        return serviceId;
    }

    Optional<Upstream> fixed() {
        return Optional.ofNullable(fixed);
    }

    /** Whether the request's {@code Host} becomes {@link Upstream#authority()} of the worker it goes to. */
    boolean workerHost() {
        return workerHost;
    }

    Optional<CompletableFuture<String>> authorization() {
        return Optional.ofNullable(authorization);
    }
}
