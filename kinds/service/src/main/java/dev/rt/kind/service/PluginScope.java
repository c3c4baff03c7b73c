package dev.rt.kind.service;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One plugin's view of the service ({@link ServiceContext}). Encapsulated, its hooks and error handler apply to its
 * own routes; otherwise they join the service's, for every route.
 */
final class PluginScope implements ServiceContext {
    private final HostState host;
    private final String name;
    private final String prefix;
    private final String options;
    private final boolean encapsulate;
    private final List<Handler<RoutingContext>> hooks = new ArrayList<>();
    private ErrorHandler errorHandler;
    private Router router;

    PluginScope(HostState host, String name, String prefix, String options, boolean encapsulate) {
        this.host = host;
        this.name = name;
        this.prefix = prefix;
        this.options = options;
        this.encapsulate = encapsulate;
    }

    HostState host() {
        return host;
    }

    String name() {
        return name;
    }

    /** The hooks that run before this plugin's routes: the service's, then its own. */
    List<Handler<RoutingContext>> hooks() {
        List<Handler<RoutingContext>> all = new ArrayList<>(host.hooks());
        all.addAll(hooks);
        return all;
    }

    Optional<ErrorHandler> ownErrorHandler() {
        return Optional.ofNullable(errorHandler);
    }

    /** The plugin's raw router, if it asked for one. */
    Optional<Router> rawRouter() {
        return Optional.ofNullable(router);
    }

    @Override
    public String serviceId() {
        return host.serviceId();
    }

    @Override
    public int workerIndex() {
        return host.workerIndex();
    }

    @Override
    public Path directory() {
        return host.directory();
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
        return host.vertx();
    }

    @Override
    public Router router() {
        if (router == null) {
            router = Router.router(host.vertx());
        }
        return router;
    }

    @Override
    public RouteDefinition route(HttpMethod method, String path) {
        return new PluginRoute(this, method, path);
    }

    @Override
    public void onRequest(Handler<RoutingContext> hook) {
        if (encapsulate) {
            hooks.add(hook);
        } else {
            host.hooks().add(hook);
        }
    }

    @Override
    public void errorHandler(ErrorHandler handler) {
        if (encapsulate) {
            this.errorHandler = handler;
        } else {
            host.serviceErrorHandler(handler);
        }
    }

    @Override
    public ServiceClient client(String serviceId) {
        return host.client(serviceId);
    }

    @Override
    public <T> Optional<T> lookup(Class<T> type) {
        return host.provided(type);
    }

    @Override
    public void graphql(String sdl, Consumer<RuntimeWiring.Builder> wiring) {
        host.graphql().add(name, sdl, wiring);
    }

    @Override
    public void healthCheck(java.util.concurrent.Callable<Boolean> check) {
        host.healthChecks().add(check);
    }

    @Override
    public System.Logger log() {
        return new PluginLogger(name, host.requestLog(), host.logLines(), null);
    }

    @Override
    public System.Logger log(RoutingContext request) {
        return new PluginLogger(name, host.requestLog(), host.logLines(), request.get(RequestLog.ID));
    }
}
