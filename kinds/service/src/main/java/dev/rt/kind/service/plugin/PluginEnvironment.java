package dev.rt.kind.service.plugin;

import dev.rt.kind.service.client.Clients;
import dev.rt.kind.service.log.RequestLog;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What every plugin of a service sees alike, fixed before the first one registers: the service and worker it runs
 * in, its Vert.x, its clients, what the kind provides ({@code ServiceContext.lookup}) and its log.
 */
public record PluginEnvironment(String serviceId, int workerIndex, Path directory, Vertx vertx, Clients clients,
        Map<Class<?>, Object> provided, RequestLog log) {
    public PluginEnvironment {
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(vertx, "vertx");
        Objects.requireNonNull(clients, "clients");
        provided = Map.copyOf(provided);
        Objects.requireNonNull(log, "log");
    }

    public <T> Optional<T> lookup(Class<T> type) {
        return Optional.ofNullable(provided.get(type)).map(type::cast);
    }
}
