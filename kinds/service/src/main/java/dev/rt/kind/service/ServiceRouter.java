package dev.rt.kind.service;

import dev.rt.kind.KindException;
import dev.rt.kind.RequestTracing;
import dev.rt.kind.service.auth.Authentication;
import dev.rt.kind.service.busy.LoopBusyTime;
import dev.rt.kind.service.error.ErrorDispatch;
import dev.rt.kind.service.graphql.GraphQlParts;
import dev.rt.kind.service.graphql.GraphQlRoutes;
import dev.rt.kind.service.http.HealthRoute;
import dev.rt.kind.service.http.RequestPipeline;
import dev.rt.kind.service.http.ServerSettings;
import dev.rt.kind.service.openapi.OpenApiRoutes;
import dev.rt.kind.service.plugin.PluginEnvironment;
import dev.rt.kind.service.plugin.Registered;
import dev.rt.kind.service.route.RouteMount;
import graphql.schema.GraphQLSchema;
import io.vertx.ext.web.Router;
import java.util.Optional;

/**
 * Assembles the service's router once every plugin has registered, in the order requests meet it: the request
 * pipeline ({@link RequestPipeline}: forwarded headers, span, id and log, CORS, timeout, body), the health route, the
 * caller's authentication (with an {@code authorization} section), the OpenAPI and GraphQL routes, the plugins'
 * routes, the plugins' own routers, and last the failure handler that answers every error.
 */
final class ServiceRouter {
    private final PluginEnvironment environment;
    private final Registered registered;
    private final ServerSettings server;
    private final ApiOptions api;
    private final RequestTracing tracing;
    private final LoopBusyTime busy;
    private final Optional<Authentication> authentication;
    private HealthRoute health;
    private OpenApiRoutes openApiRoutes;
    private GraphQLSchema graphQlSchema;

    ServiceRouter(PluginEnvironment environment, Registered registered, ServerSettings server, ApiOptions api,
            RequestTracing tracing, LoopBusyTime busy, Optional<Authentication> authentication) {
        this.authentication = authentication;
        this.environment = environment;
        this.registered = registered;
        this.server = server;
        this.api = api;
        this.tracing = tracing;
        this.busy = busy;
    }

    /** @throws KindException when {@code service.graphql} is on and the plugins' GraphQL does not make a schema */
    Router build() {
        Router router = Router.router(environment.vertx());
        RequestPipeline.mount(router, server, environment.log(), tracing);
        server.healthCheckInterval().ifPresent(interval -> {
            health = new HealthRoute(registered.healthChecks());
            health.mount(router, environment.vertx(), interval);
        });
        authentication.ifPresent(handler -> router.route().handler(handler)); // the caller, before any route
        if (api.openApi().enabled()) {
            openApiRoutes = new OpenApiRoutes(api.openApi(), environment.serviceId(), registered.definitions(),
                    api.openApiDocument(), document -> authentication.ifPresent(auth -> auth.describe(document)));
            openApiRoutes.mount(router);
        }
        if (api.graphQl().enabled()) {
            graphQlSchema = mergedGraphQlSchema();
            GraphQlRoutes.mount(router, graphQlSchema, api.graphQl().graphiql(), api.graphQlExecution(), busy);
        }
        new RouteMount(server, busy).mount(router, registered.routes());
        for (Registered.RawRouter raw : registered.rawRouters()) {
            router.route(raw.prefix().isEmpty() ? "/*" : raw.prefix() + "/*").subRouter(raw.router());
        }
        ErrorDispatch dispatch = new ErrorDispatch(registered.errorHandler(), environment.log());
        router.route().failureHandler(dispatch);
        router.errorHandler(404, dispatch);
        router.errorHandler(405, dispatch);
        return router;
    }

    private GraphQLSchema mergedGraphQlSchema() {
        if (registered.graphql().isEmpty()) {
            throw KindException.at("/service/graphql", "is on, but no plugin defines a GraphQL schema; add one with"
                    + " ServiceContext.graphql(sdl, wiring), or turn service.graphql off");
        }
        try {
            return registered.graphql().schema();
        } catch (IllegalArgumentException e) {
            throw KindException.at("/service/graphql", e.getMessage());
        }
    }

    /** The OpenAPI document (JSON), when the service has one. */
    Optional<String> openApiDocument() {
        return Optional.ofNullable(openApiRoutes).map(OpenApiRoutes::json);
    }

    /** The GraphQL schema (SDL), when the service has one. */
    Optional<String> graphQlSchema() {
        return Optional.ofNullable(graphQlSchema).map(GraphQlParts::print);
    }

    void stop() {
        if (health != null) {
            health.stop(environment.vertx());
        }
    }
}
