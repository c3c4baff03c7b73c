package dev.rt.kind.service.plugin;

import dev.rt.kind.service.route.RoutePaths;
import dev.rt.kind.service.route.RouteRecord;
import dev.rt.kind.service.validation.PartValidator;
import dev.rt.service.RouteDefinition;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** A {@link RouteDefinition} being written by a plugin; its handler compiles the schemas and records the route. */
final class PluginRoute implements RouteDefinition {
    private static final List<String> PARTS = List.of("params", "body", "querystring", "headers");

    private final PluginScope scope;
    private final Registrations registrations;
    private final HttpMethod method;
    private final String path;
    private final Map<String, String> schemas = new LinkedHashMap<>();
    private final Map<Integer, String> responses = new LinkedHashMap<>();
    private String summary;
    private String description;
    private String operationId;
    private final List<String> tags = new ArrayList<>();
    private boolean hidden;
    private boolean registered;

    PluginRoute(PluginScope scope, Registrations registrations, HttpMethod method, String path) {
        this.scope = scope;
        this.registrations = registrations;
        this.method = Objects.requireNonNull(method, "method");
        this.path = path;
    }

    @Override
    public RouteDefinition params(String jsonSchema) {
        return schema("params", jsonSchema);
    }

    @Override
    public RouteDefinition body(String jsonSchema) {
        return schema("body", jsonSchema);
    }

    @Override
    public RouteDefinition query(String jsonSchema) {
        return schema("querystring", jsonSchema);
    }

    @Override
    public RouteDefinition headers(String jsonSchema) {
        return schema("headers", jsonSchema);
    }

    private RouteDefinition schema(String part, String jsonSchema) {
        schemas.put(part, Objects.requireNonNull(jsonSchema, part + " schema"));
        return this;
    }

    @Override
    public RouteDefinition response(int statusCode, String jsonSchema) {
        responses.put(statusCode, Objects.requireNonNull(jsonSchema, "response schema"));
        return this;
    }

    @Override
    public RouteDefinition summary(String summary) {
        this.summary = summary;
        return this;
    }

    @Override
    public RouteDefinition description(String description) {
        this.description = description;
        return this;
    }

    @Override
    public RouteDefinition operationId(String operationId) {
        this.operationId = operationId;
        return this;
    }

    @Override
    public RouteDefinition tags(String... tags) {
        this.tags.addAll(List.of(tags));
        return this;
    }

    @Override
    public RouteDefinition hide() {
        this.hidden = true;
        return this;
    }

    @Override
    public void handler(Handler<RoutingContext> handler) {
        register(handler, false);
    }

    @Override
    public void blockingHandler(Handler<RoutingContext> handler) {
        register(handler, true);
    }

    private void register(Handler<RoutingContext> handler, boolean blocking) {
        if (registered) {
            throw new RegistrationError("route " + method.name() + " " + path + " already has a handler");
        }
        registered = true;
        String full = RoutePaths.join(scope.prefix(), path);
        List<PartValidator> validators = new ArrayList<>();
        for (String part : PARTS) {
            String text = schemas.get(part);
            if (text == null) {
                continue;
            }
            try {
                validators.add(registrations.schemas().validator(part, text));
            } catch (IllegalArgumentException e) {
                throw new RegistrationError("route " + method.name() + " " + full + ": its " + part + " schema "
                        + e.getMessage() + "; fix the schema");
            }
        }
        for (Map.Entry<Integer, String> response : responses.entrySet()) {
            try {
                registrations.schemas().check(response.getValue());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("route " + method.name() + " " + full + ": its response "
                        + response.getKey() + " schema " + e.getMessage() + "; fix the schema");
            }
        }
        registrations.routes().add(new RouteRecord(method, full, schemas, responses,
                new RouteRecord.RouteDocs(Optional.ofNullable(summary), Optional.ofNullable(description),
                        Optional.ofNullable(operationId), tags, hidden), validators, handler, blocking), scope);
    }
}
