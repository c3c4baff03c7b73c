package dev.rt.service;

import dev.rt.auth.User;
import graphql.schema.idl.RuntimeWiring;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What a {@link ServicePlugin} registers on: the plugin's own view of the service. Routes made with {@link #route}
 * are validated against their JSON Schemas, documented in the OpenAPI document and answered with rt's error bodies;
 * their paths are relative to the plugin's {@link #prefix()}. Hooks and an error handler set here apply to this
 * plugin's routes only, unless the plugin is registered with {@code encapsulate: false}, when they apply to every
 * route of the service.
 */
public interface ServiceContext {

    /** The service's id. */
    String serviceId();

    /** This worker's index within the service. */
    int workerIndex();

    /** The service's directory, absolute. */
    Path directory();

    /**
     * The plugin's {@code options} from the service configuration as JSON text ({@code {}} when none), for the
     * plugin to bind with the JSON library it likes: {@code new JsonObject(service.options()).mapTo(Options.class)}.
     */
    String options();

    /** The route prefix of this plugin ({@code ""} at the root, else {@code /segment...}). */
    String prefix();

    /** The Vert.x instance the service runs on: timers, the event bus, clients of its own. */
    Vertx vertx();

    /**
     * The plugin's own Vert.x router, mounted at {@link #prefix()}, for what {@link #route} does not cover (static
     * files, WebSockets, streaming). Its routes are not validated nor documented, and this plugin's hooks do not run
     * for them; their failures still get rt's error bodies.
     */
    Router router();

    /** A route at {@code path} (relative to the prefix; {@code :name} marks a path parameter). */
    RouteDefinition route(HttpMethod method, String path);

    default RouteDefinition get(String path) {
        return route(HttpMethod.GET, path);
    }

    default RouteDefinition post(String path) {
        return route(HttpMethod.POST, path);
    }

    default RouteDefinition put(String path) {
        return route(HttpMethod.PUT, path);
    }

    default RouteDefinition patch(String path) {
        return route(HttpMethod.PATCH, path);
    }

    default RouteDefinition delete(String path) {
        return route(HttpMethod.DELETE, path);
    }

    /**
     * A hook run before the handler of each route in scope, after the body is read and before validation: call
     * {@code ctx.next()} to go on, or answer (or {@code ctx.fail(...)}) to stop there.
     */
    void onRequest(Handler<RoutingContext> hook);

    /** The error handler for the routes in scope; it replaces the service's own for them. */
    void errorHandler(ErrorHandler handler);

    /**
     * The client of a service this one names in its {@code clients} configuration, by {@code serviceId}.
     *
     * @throws IllegalArgumentException when the configuration names no such client
     */
    ServiceClient client(String serviceId);

    /**
     * What the service's kind offers its plugins, by type; empty when it offers nothing of that type. A {@code db}
     * service offers its entities: {@code service.lookup(dev.rt.kind.db.sql.Entities.class)} (compile against
     * {@code dev.rt:rt-kind-db}, scope {@code provided}). A {@code service} offers nothing.
     */
    default <T> java.util.Optional<T> lookup(Class<T> type) {
        return java.util.Optional.empty();
    }

    /**
     * Adds GraphQL type definitions (SDL) and their resolvers to the service's schema, served at {@code /graphql}
     * when {@code service.graphql} is on. Definitions of all plugins are merged; {@code extend type Query} adds
     * fields to a type another plugin defined.
     */
    void graphql(String sdl, Consumer<RuntimeWiring.Builder> wiring);

    /**
     * A check the health route ({@code GET /status}, with {@code server.healthCheck}) runs every
     * {@code healthCheck.interval} on the worker pool: while the last run of any check returned false or threw, the
     * route answers 503.
     */
    void healthCheck(java.util.concurrent.Callable<Boolean> check);

    /**
     * The caller of a request: its roles and fields (claims), as the service's {@code authorization} section
     * authenticated it, or as the runtime forwarded it (a gateway's, a calling plugin's). A request without
     * credentials has the anonymous role. Credentials that do not hold never reach a route: they are answered 401.
     */
    default User user(RoutingContext request) {
        return RequestUser.of(request);
    }

    /** The service's log: each entry one line of the runtime's log, tagged with the service and worker. */
    System.Logger log();

    /** The log as seen from one request: each entry also carries the request's id. */
    System.Logger log(RoutingContext request);
}
