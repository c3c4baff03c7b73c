package dev.rt.kind.service.plugin;

import dev.rt.kind.service.client.Clients;
import dev.rt.kind.service.graphql.GraphQlPart;
import dev.rt.kind.service.log.RequestLog;
import dev.rt.service.ErrorHandler;
import dev.rt.service.RouteDefinition;
import dev.rt.service.ServiceClient;
import dev.rt.service.ServiceContext;
import graphql.schema.idl.RuntimeWiring;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * One plugin's view of the service ({@link ServiceContext}): what it reads comes from the service's
 * {@link PluginEnvironment}, what it defines goes to the service's {@link Registrations}. Encapsulated, its hooks and
 * error handler apply to its own routes; otherwise they join the service's, for every route.
 */
final class PluginScope implements ServiceContext {
    private final PluginEnvironment environment;
    private final Registrations registrations;
    private final String name;
    private final String prefix;
    private final String options;
    private final ScopeHooks own = new ScopeHooks();
    private final ScopeHooks hooks;
    private Router router;

    PluginScope(PluginEnvironment environment, Registrations registrations, String name, String prefix,
            String options, boolean encapsulate) {
        this.environment = environment;
        this.registrations = registrations;
        this.name = name;
        this.prefix = prefix;
        this.options = options;
        this.hooks = encapsulate ? own : registrations.serviceHooks();
    }

    String name() {
        return name;
    }

    /** The plugin's own hooks and error handler (none when it is not encapsulated). */
    ScopeHooks own() {
        return own;
    }

    /** The plugin's raw router, if it asked for one. */
    Optional<Router> rawRouter() {
        return Optional.ofNullable(router);
    }

    @Override
    public String serviceId() {
        return environment.serviceId();
    }

    @Override
    public int workerIndex() {
        return environment.workerIndex();
    }

    @Override
    public Path directory() {
        return environment.directory();
    }

    @Override
    public String options() {
        return options;
    }

    @Override
    public String prefix() {
        return prefix;
    }

    @Override
    public Vertx vertx() {
        return environment.vertx();
    }

    @Override
    public Router router() {
        if (router == null) {
            router = Router.router(environment.vertx());
        }
        return router;
    }

    @Override
    public RouteDefinition route(HttpMethod method, String path) {
        return new PluginRoute(this, registrations, method, path);
    }

    @Override
    public void onRequest(Handler<RoutingContext> hook) {
        hooks.add(hook);
    }

    @Override
    public void errorHandler(ErrorHandler handler) {
        hooks.errorHandler(handler);
    }

    @Override
    public ServiceClient client(String serviceId) {
        Clients clients = environment.clients();
        return clients.find(serviceId).orElseThrow(() -> new RegistrationError(clients.missing(serviceId)));
    }

    @Override
    public <T> Optional<T> lookup(Class<T> type) {
        return environment.lookup(type);
    }

    @Override
    public void graphql(String sdl, Consumer<RuntimeWiring.Builder> wiring) {
        try {
            registrations.graphql(GraphQlPart.of(name, sdl, wiring));
        } catch (IllegalArgumentException e) {
            throw new RegistrationError(e.getMessage());
        }
    }

    @Override
    public void healthCheck(Callable<Boolean> check) {
        registrations.healthCheck(check);
    }

    @Override
    public System.Logger log() {
        return new PluginLogger(name, environment.log(), null);
    }

    @Override
    public System.Logger log(RoutingContext request) {
        return new PluginLogger(name, environment.log(), request.get(RequestLog.ID));
    }
}
