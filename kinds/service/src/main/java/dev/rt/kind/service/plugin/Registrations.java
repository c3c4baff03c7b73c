package dev.rt.kind.service.plugin;

import dev.rt.kind.service.graphql.GraphQlPart;
import dev.rt.kind.service.graphql.GraphQlParts;
import dev.rt.kind.service.validation.RouteSchemas;
import dev.rt.kind.service.validation.ValidationOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * What the plugins of one service write while they register, one plugin at a time: their routes (checked for clashes
 * as they come), GraphQL parts and health checks, the service's hooks and error handler, and each plugin's scope.
 * Once the last plugin has registered it is {@linkplain #seal sealed} into the {@link Registered} the router is built
 * from.
 */
public final class Registrations {
    private final RouteSchemas schemas;
    private final RouteTable routes = new RouteTable();
    private final List<GraphQlPart> graphql = new ArrayList<>();
    private final List<Callable<Boolean>> healthChecks = new ArrayList<>();
    private final ScopeHooks serviceHooks = new ScopeHooks();
    private final List<PluginScope> scopes = new ArrayList<>();

    public Registrations(ValidationOptions validation) {
        this.schemas = new RouteSchemas(validation);
    }

    /** Compiles the routes' schemas, with the service's validation options. */
    RouteSchemas schemas() {
        return schemas;
    }

    RouteTable routes() {
        return routes;
    }

    /** The hooks of every route, and the service's error handler. */
    ScopeHooks serviceHooks() {
        return serviceHooks;
    }

    void graphql(GraphQlPart part) {
        graphql.add(part);
    }

    void healthCheck(Callable<Boolean> check) {
        healthChecks.add(check);
    }

    /** A plugin about to register. */
    void scope(PluginScope scope) {
        scopes.add(scope);
    }

    public Registered seal() {
        List<Registered.RawRouter> raw = new ArrayList<>();
        for (PluginScope scope : scopes) {
            scope.rawRouter().ifPresent(router -> raw.add(new Registered.RawRouter(scope.prefix(), router)));
        }
        return new Registered(routes.scoped(serviceHooks.hooks()), new GraphQlParts(graphql), healthChecks,
                serviceHooks.errorHandler(), raw);
    }
}
