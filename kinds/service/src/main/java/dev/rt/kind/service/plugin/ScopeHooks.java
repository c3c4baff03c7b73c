package dev.rt.kind.service.plugin;

import dev.rt.service.ErrorHandler;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The request hooks and the error handler of a scope, as plugins set them while they register: an encapsulated
 * plugin's own, or the service's (those of plugins registered with {@code encapsulate: false}, and
 * {@code server.errorHandler}).
 */
final class ScopeHooks {
    private final List<Handler<RoutingContext>> hooks = new ArrayList<>();
    private ErrorHandler errorHandler;

    void add(Handler<RoutingContext> hook) {
        hooks.add(hook);
    }

    /** Replaces the scope's error handler. */
    void errorHandler(ErrorHandler handler) {
        this.errorHandler = handler;
    }

    List<Handler<RoutingContext>> hooks() {
        return List.copyOf(hooks);
    }

    Optional<ErrorHandler> errorHandler() {
        return Optional.ofNullable(errorHandler);
    }
}
