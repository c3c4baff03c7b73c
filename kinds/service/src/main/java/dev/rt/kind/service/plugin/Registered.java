package dev.rt.kind.service.plugin;

import dev.rt.kind.service.graphql.GraphQlParts;
import dev.rt.kind.service.route.RouteRecord;
import dev.rt.kind.service.route.ScopedRoute;
import dev.rt.service.ErrorHandler;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * What the plugins of a service registered, sealed once the last one has: the router is built from it, and nothing
 * changes it after.
 *
 * @param routes       the plugins' routes, in the order they were defined
 * @param errorHandler the service's error handler: {@code server.errorHandler}, or the last a plugin registered with
 *                     {@code encapsulate: false} set
 * @param rawRouters   the plugins' own routers, in the order the plugins registered
 */
public record Registered(List<ScopedRoute> routes, GraphQlParts graphql, List<Callable<Boolean>> healthChecks,
        Optional<ErrorHandler> errorHandler, List<RawRouter> rawRouters) {

    /** A plugin's own router ({@code ServiceContext.router()}), mounted under the plugin's prefix. */
    public record RawRouter(String prefix, Router router) {
    }

    public Registered {
        routes = List.copyOf(routes);
        Objects.requireNonNull(graphql, "graphql");
        healthChecks = List.copyOf(healthChecks);
        Objects.requireNonNull(errorHandler, "errorHandler");
        rawRouters = List.copyOf(rawRouters);
    }

    /** The routes' definitions, for the OpenAPI document. */
    public List<RouteRecord> definitions() {
        return routes.stream().map(ScopedRoute::route).toList();
    }
}
