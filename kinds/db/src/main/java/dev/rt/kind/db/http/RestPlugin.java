package dev.rt.kind.db.http;

import dev.rt.kind.db.rest.RestRoute;
import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import io.vertx.core.http.HttpMethod;
import java.util.List;

/**
 * The entities' REST routes as the service kind's routes, each run on the worker pool (its handler runs JDBC). They
 * are left out of the document the server builds from routes: the entities' own document describes them.
 */
final class RestPlugin implements ServicePlugin {
    private final List<RestRoute> routes;

    RestPlugin(List<RestRoute> routes) {
        this.routes = routes;
    }

    @Override
    public void register(ServiceContext service) {
        for (RestRoute route : routes) {
            var definition = service.route(HttpMethod.valueOf(route.method()), route.path()).hide();
            route.operationId().ifPresent(definition::operationId);
            definition.blockingHandler(new RestHandler(route));
        }
    }
}
