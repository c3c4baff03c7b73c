package dev.rt.kind.db.http;

import dev.rt.kind.db.rest.RestRoute;
import dev.rt.kind.db.sql.SqlSpans;
import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import io.vertx.core.http.HttpMethod;
import java.util.List;

/**
 * The entities' REST routes as the service kind's routes, each run on the worker pool (its handler runs JDBC). They
 * are left out of the document the server builds from routes: the entities' own document describes them. A route
 * whose documented path is its path with a trailing slash (a collection's: the document says {@code /movies/}) is
 * served at both, so that a client generated from the document reaches it; the slashed one first, as the router
 * would otherwise give {@code /movies/} to {@code /movies}, which refuses a trailing slash.
 */
final class RestPlugin implements ServicePlugin {
    private final List<RestRoute> routes;
    private final SqlSpans.Database traced;
    private final Callers callers;

    /** @param traced the database its SQL spans name, or null when the service is not traced */
    RestPlugin(List<RestRoute> routes, SqlSpans.Database traced, Callers callers) {
        this.routes = routes;
        this.traced = traced;
        this.callers = callers;
    }

    @Override
    public void register(ServiceContext service) {
        for (RestRoute route : routes) {
            if (route.openApiPath().equals(route.path() + "/")) {
                service.route(HttpMethod.valueOf(route.method()), route.openApiPath()).hide()
                        .blockingHandler(new RestHandler(route, traced, callers));
            }
            var definition = service.route(HttpMethod.valueOf(route.method()), route.path()).hide();
            route.operationId().ifPresent(definition::operationId);
            definition.blockingHandler(new RestHandler(route, traced, callers));
        }
    }
}
