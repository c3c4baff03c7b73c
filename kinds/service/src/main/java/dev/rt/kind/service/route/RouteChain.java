package dev.rt.kind.service.route;

import dev.rt.kind.service.busy.LoopBusyTime;
import dev.rt.kind.service.http.BodyParser;
import dev.rt.kind.service.http.ServerSettings;
import dev.rt.kind.service.validation.RequestValidation;
import io.vertx.ext.web.Route;

/** Puts the handlers of a route in order on its Vert.x route: entry checks, body, hooks, validation, the handler. */
final class RouteChain {
    private final ServerSettings settings;
    private final LoopBusyTime busy;

    RouteChain(ServerSettings settings, LoopBusyTime busy) {
        this.settings = settings;
        this.busy = busy;
    }

    void build(Route vertx, ScopedRoute scoped) {
        RouteRecord route = scoped.route();
        vertx.handler(new RouteEntry(scoped, settings));
        vertx.handler(BodyParser.INSTANCE);
        scoped.hooks().forEach(vertx::handler);
        if (!route.validators().isEmpty()) {
            vertx.handler(new RequestValidation(route.validators()));
        }
        if (route.blocking()) {
            vertx.blockingHandler(busy.blocking(route.handler()), false);
        } else {
            vertx.handler(route.handler());
        }
    }
}
