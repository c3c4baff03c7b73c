package dev.rt.kind.service;

import dev.rt.kind.RequestTracing;
import dev.rt.kind.service.forwarded.TrustedChain;
import graphql.schema.GraphQLSchema;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.AllowForwardHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.Optional;

/**
 * Assembles the service's router once every plugin has registered, in the order requests meet it: request start
 * (id, log), CORS, the body (within {@code bodyLimit}), the health route, the OpenAPI and GraphQL routes, the
 * plugins' routes, the plugins' own routers, and last the failure handler that answers every error.
 */
final class ServiceRouter {
    private final HostState host;
    private final ServerSettings server;
    private final OpenApiSettings openApi;
    private final GraphQlSettings graphQl;
    private final RequestLog log;
    private final RequestTracing tracing;
    private HealthRoute health;
    private OpenApiRoutes openApiRoutes;
    private GraphQLSchema graphQlSchema;

    ServiceRouter(HostState host, ServerSettings server, OpenApiSettings openApi, GraphQlSettings graphQl,
            RequestLog log, RequestTracing tracing) {
        this.host = host;
        this.tracing = tracing;
        this.server = server;
        this.openApi = openApi;
        this.graphQl = graphQl;
        this.log = log;
    }

    Router build() {
        Router router = Router.router(host.vertx());
        router.allowForward(server.trustProxy().none() ? AllowForwardHeaders.NONE : AllowForwardHeaders.X_FORWARD);
        if (!server.trustProxy().none() && !server.trustProxy().all()) {
            router.route().handler(new TrustedChain(server.trustProxy())); // before anything reads the address
        }
        if (tracing != RequestTracing.OFF) {
            router.route().handler(new RequestSpans(tracing));
        }
        router.route().handler(new RequestStart(server, log));
        server.cors().ifPresent(cors -> router.route().handler(new CorsPolicy(cors)));
        if (server.requestTimeout() > 0) {
            router.route().handler(new RequestTimeout(server.requestTimeout()));
        }
        BodyHandler body = BodyHandler.create(false).setBodyLimit(server.bodyLimit());
        router.route().method(HttpMethod.POST).method(HttpMethod.PUT).method(HttpMethod.PATCH)
                .method(HttpMethod.DELETE).method(HttpMethod.OPTIONS).handler(body);
        if (server.requestTimeout() > 0) {
            router.route().handler(RequestTimeout::received);
        }
        server.healthCheckInterval().ifPresent(interval -> {
            health = new HealthRoute(host.healthChecks());
            health.mount(router, host.vertx(), interval);
        });
        if (openApi.enabled()) {
            openApiRoutes = new OpenApiRoutes(openApi, host.serviceId(), host.routes(), host.openApiBase());
            openApiRoutes.mount(router);
        }
        if (graphQl.enabled()) {
            if (host.graphql().isEmpty()) {
                throw new RegistrationError("is on, but no plugin defines a GraphQL schema; add"
                        + " one with ServiceContext.graphql(sdl, wiring), or turn service.graphql off");
            }
            try {
                graphQlSchema = host.graphql().schema();
            } catch (IllegalArgumentException e) {
                throw new RegistrationError(e.getMessage());
            }
            GraphQlRoutes.mount(router, graphQlSchema, graphQl.graphiql(), host.graphQlExecution(), host);
        }
        host.routes().mount(router, server, new RouteChain(server));
        for (PluginScope scope : host.scopes()) {
            scope.rawRouter().ifPresent(raw -> router.route(scope.prefix().isEmpty() ? "/*" : scope.prefix() + "/*")
                    .subRouter(raw));
        }
        ErrorDispatch dispatch = new ErrorDispatch(host.serviceErrorHandler(), log);
        router.route().failureHandler(dispatch);
        router.errorHandler(404, dispatch);
        router.errorHandler(405, dispatch);
        return router;
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
            health.stop(host.vertx());
        }
    }
}
