package dev.rt.kind.service;

import dev.rt.service.ErrorHandler;
import dev.rt.service.ServiceClient;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the plugins of one service share while they register: the routes, hooks, GraphQL parts and clients. */
final class HostState {
    private final String serviceId;
    private final int workerIndex;
    private final Path directory;
    private final Vertx vertx;
    private final ValidationOptions validation;
    private final LogLines logLines;
    private final RequestLog requestLog;
    private final Map<String, ServiceClient> clients;
    private final JsonSchemas schemas = new JsonSchemas();
    private final RouteTable routes = new RouteTable();
    private final GraphQlParts graphql = new GraphQlParts();
    private final List<Handler<RoutingContext>> hooks = new ArrayList<>();
    private final List<PluginScope> scopes = new ArrayList<>();
    private final List<java.util.concurrent.Callable<Boolean>> healthChecks = new ArrayList<>();
    private final dev.rt.kind.BusyTime poolBusy;
    private ErrorHandler serviceErrorHandler;
    private final Map<Class<?>, Object> provided = new java.util.HashMap<>();
    private GraphQlExecution graphQlExecution = GraphQlExecution.DEFAULT;
    private String openApiBase;

    HostState(String serviceId, int workerIndex, Path directory, Vertx vertx, ValidationOptions validation,
            LogLines logLines, RequestLog requestLog, Map<String, ServiceClient> clients, int poolSize) {
        this.serviceId = serviceId;
        this.workerIndex = workerIndex;
        this.directory = directory;
        this.vertx = vertx;
        this.validation = validation;
        this.logLines = logLines;
        this.requestLog = requestLog;
        this.clients = clients;
        this.poolBusy = new dev.rt.kind.BusyTime(poolSize);
    }

    /** The busy time of the worker pool's threads running blocking handlers. */
    dev.rt.kind.BusyTime poolBusy() {
        return poolBusy;
    }

    String serviceId() {
        return serviceId;
    }

    int workerIndex() {
        return workerIndex;
    }

    Path directory() {
        return directory;
    }

    Vertx vertx() {
        return vertx;
    }

    ValidationOptions validation() {
        return validation;
    }

    LogLines logLines() {
        return logLines;
    }

    RequestLog requestLog() {
        return requestLog;
    }

    JsonSchemas schemas() {
        return schemas;
    }

    RouteTable routes() {
        return routes;
    }

    GraphQlParts graphql() {
        return graphql;
    }

    /** The hooks of every route (those of plugins registered with {@code encapsulate: false}). */
    List<Handler<RoutingContext>> hooks() {
        return hooks;
    }

    List<java.util.concurrent.Callable<Boolean>> healthChecks() {
        return healthChecks;
    }

    List<PluginScope> scopes() {
        return scopes;
    }

    Optional<ErrorHandler> serviceErrorHandler() {
        return Optional.ofNullable(serviceErrorHandler);
    }

    void serviceErrorHandler(ErrorHandler handler) {
        this.serviceErrorHandler = handler;
    }

    /** What the kind offers its plugins ({@link dev.rt.service.ServiceContext#lookup}). */
    <T> Optional<T> provided(Class<T> type) {
        return Optional.ofNullable(provided.get(type)).map(type::cast);
    }

    <T> void provide(Class<T> type, T value) {
        provided.put(type, type.cast(value));
    }

    GraphQlExecution graphQlExecution() {
        return graphQlExecution;
    }

    void graphQlExecution(GraphQlExecution execution) {
        this.graphQlExecution = execution;
    }

    /** The kind's own OpenAPI document (JSON) that the routes' document is merged into, if it has one. */
    Optional<String> openApiBase() {
        return Optional.ofNullable(openApiBase);
    }

    void openApiBase(String json) {
        this.openApiBase = json;
    }

    ServiceClient client(String serviceId) {
        ServiceClient client = clients.get(serviceId);
        if (client == null) {
            throw new RegistrationError("service \"" + this.serviceId + "\" has no client for \"" + serviceId
                    + "\"; add {\"serviceId\": \"" + serviceId + "\"} to its \"clients\""
                    + (clients.isEmpty() ? "" : " (it has " + String.join(", ", clients.keySet()) + ")"));
        }
        return client;
    }
}
