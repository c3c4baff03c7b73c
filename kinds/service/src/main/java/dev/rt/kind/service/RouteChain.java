package dev.rt.kind.service;

import io.vertx.ext.web.Route;

/** Puts the handlers of a route in order on its Vert.x route: entry checks, body, hooks, validation, the handler. */
final class RouteChain {
    private final ServerSettings settings;

    RouteChain(ServerSettings settings) {
        this.settings = settings;
    }

    void build(Route vertx, RouteRecord route) {
        vertx.handler(new RouteEntry(route, settings));
        vertx.handler(BodyParser.INSTANCE);
        route.scope().hooks().forEach(vertx::handler);
        if (!route.validators().isEmpty()) {
            vertx.handler(new RequestValidation(route.validators()));
        }
        if (route.blocking()) {
            vertx.blockingHandler(new BlockingBusyTime(route.handler(), route.scope().host()), false);
        } else {
            vertx.handler(route.handler());
        }
    }
}
