package dev.rt.kind.service.route;

import dev.rt.service.ErrorHandler;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A route as it is mounted, once every plugin has registered: its definition, the hooks that run before it (the
 * service's, then its plugin's) and its plugin's own error handler, if it has one.
 */
public record ScopedRoute(RouteRecord route, List<Handler<RoutingContext>> hooks, Optional<ErrorHandler> errorHandler) {
    public ScopedRoute {
        Objects.requireNonNull(route, "route");
        hooks = List.copyOf(hooks);
        Objects.requireNonNull(errorHandler, "errorHandler");
    }
}
