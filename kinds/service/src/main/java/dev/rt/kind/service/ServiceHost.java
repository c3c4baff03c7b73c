package dev.rt.kind.service;

import dev.rt.kind.KindException;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import dev.rt.kind.service.auth.Authentication;
import dev.rt.kind.service.busy.LoopBusyTime;
import dev.rt.kind.service.client.ClientSettings;
import dev.rt.kind.service.client.Clients;
import dev.rt.kind.service.direct.PublicSocket;
import dev.rt.kind.service.config.ConfigValues;
import dev.rt.kind.service.graphql.GraphQlExecution;
import dev.rt.kind.service.graphql.GraphQlSettings;
import dev.rt.kind.service.http.ServerSettings;
import dev.rt.kind.service.log.LogLines;
import dev.rt.kind.service.log.RequestLog;
import dev.rt.kind.service.openapi.OpenApiSettings;
import dev.rt.kind.service.plugin.BuiltInPlugin;
import dev.rt.kind.service.plugin.PluginEnvironment;
import dev.rt.kind.service.plugin.PluginRegistration;
import dev.rt.kind.service.plugin.Registrations;
import dev.rt.service.ServicePlugin;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.ext.web.Router;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The HTTP server of a {@code service} worker, for this kind and for kinds built on it ({@code db}): Vert.x Web on
 * one event loop per processor, the {@code server} settings, rt's error bodies, CORS, the health route, request
 * validation, OpenAPI with Swagger UI, GraphQL with GraphiQL, and the plugins of {@code plugins}.
 *
 * <pre>{@code
 * RunningApplication app = ServiceHost.configure(context)        // server, plugins, clients, service.* settings
 *         .openApi(OpenApiSettings.from(db.get("openapi"), true))   // a kind's own OpenAPI/GraphQL switches
 *         .graphQlExecution(blockingResolvers)                      // resolvers on the worker pool, per-request loaders
 *         .openApiDocument(entitiesDocument)                        // the kind's document; plugins' routes join it
 *         .provide(Entities.class, entities)                        // what plugins find with ServiceContext.lookup
 *         .plugin("db", generatedRoutes)                          // built-in plugins register before the user's
 *         .start();
 * }</pre>
 */
public final class ServiceHost {
    private static final Duration START_LIMIT = Duration.ofSeconds(30);

    private final WorkerContext context;
    private final ServerSettings server;
    private OpenApiSettings openApi;
    private GraphQlSettings graphQl;
    private final List<BuiltInPlugin> builtIns = new ArrayList<>();
    private final Map<Class<?>, Object> provided = new LinkedHashMap<>();
    private GraphQlExecution graphQlExecution = GraphQlExecution.DEFAULT;
    private String openApiDocument;
    private int workerPoolSize = VertxOptions.DEFAULT_WORKER_POOL_SIZE;

    private ServiceHost(WorkerContext context) {
        this.context = context;
        Map<String, Object> configuration = context.configuration();
        Map<String, Object> service = ConfigValues.object(configuration, "service");
        this.server = ServerSettings.from(ConfigValues.object(configuration, "server"));
        this.openApi = OpenApiSettings.from(service.get("openapi"), false);
        this.graphQl = GraphQlSettings.from(service.get("graphql"), false);
    }

    /** The host of this worker's service, from its configuration's {@code server}, {@code plugins},
     * {@code clients} and {@code service.openapi}/{@code service.graphql}. */
    public static ServiceHost configure(WorkerContext context) {
        return new ServiceHost(context);
    }

    /**
     * The checks this kind makes of a configuration with {@code server} and {@code plugins} sections before any worker
     * starts: a kind built on this host calls it from its {@link dev.rt.kind.Kind#check}.
     *
     * @throws KindException naming the setting at fault
     */
    public static void check(Map<String, Object> configuration) {
        ServiceConfigCheck.check(configuration);
    }

    /**
     * The class path a worker of a configuration with {@code server} and {@code plugins} sections needs (plugin jars
     * and class directories, the error handler's): a kind built on this host returns it from its
     * {@link dev.rt.kind.Kind#classPath}.
     *
     * @throws KindException naming the setting at fault
     */
    public static List<Path> classPath(Map<String, Object> configuration, Path serviceDirectory) {
        return ServiceConfigCheck.classPath(configuration, serviceDirectory);
    }

    /**
     * The checks {@link #check} makes of the {@code server} section alone, for a kind that accepts that section
     * without running this host (a gateway without plugins).
     *
     * @throws KindException naming the setting at fault
     */
    public static void checkServer(Map<String, Object> configuration) {
        ServiceConfigCheck.checkServer(ConfigValues.object(configuration, "server"));
    }

    /** Replaces the OpenAPI settings (a kind whose document is on by default passes its own). */
    public ServiceHost openApi(OpenApiSettings settings) {
        this.openApi = settings;
        return this;
    }

    public ServiceHost graphQl(GraphQlSettings settings) {
        this.graphQl = settings;
        return this;
    }

    /**
     * How GraphQL requests execute: on the worker pool for resolvers that block, with the engine and each request's
     * input adjusted (see {@link GraphQlExecution}).
     */
    public ServiceHost graphQlExecution(GraphQlExecution execution) {
        this.graphQlExecution = Objects.requireNonNull(execution, "execution");
        return this;
    }

    /**
     * The threads of the worker pool, which runs the blocking handlers (Vert.x's 20 unless the kind says): a kind whose
     * handlers each hold one of a fixed number of connections sizes it to that number, so that requests wait in the
     * pool's one queue, not parked in the connection pool, and a thread that finishes takes the next without sleeping.
     */
    public ServiceHost workerPoolSize(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("a worker pool needs a thread, not " + threads);
        }
        this.workerPoolSize = threads;
        return this;
    }

    /**
     * The kind's own OpenAPI document (JSON text, complete: version, info, paths, components), served in place of the
     * one built from nothing: the plugins' documented routes are added to its paths. The kind's routes that it
     * documents there are registered with {@code hide()}.
     */
    public ServiceHost openApiDocument(String json) {
        this.openApiDocument = Objects.requireNonNull(json, "json");
        return this;
    }

    /** What the kind offers every plugin, which finds it with {@code ServiceContext.lookup(type)}. */
    public <T> ServiceHost provide(Class<T> type, T value) {
        provided.put(type, type.cast(Objects.requireNonNull(value, "value")));
        return this;
    }

    /**
     * A plugin of the kind itself, registered before the configured ones, at the root, encapsulated like them.
     * Its routes get validation, error bodies and OpenAPI like a user's.
     */
    public ServiceHost plugin(String name, ServicePlugin plugin) {
        builtIns.add(new BuiltInPlugin(name, plugin));
        return this;
    }

    /**
     * Starts the server and returns once it listens on 127.0.0.1.
     *
     * @throws KindException when a plugin, a schema or a setting stops the start; nothing is left running then
     */
    public RunningApplication start() {
        System.setProperty("vertx.disableDnsResolver", "true");
        int loops = Math.max(1, Runtime.getRuntime().availableProcessors());
        VertxOptions options = new VertxOptions().setEventLoopPoolSize(loops).setWorkerPoolSize(workerPoolSize);
        Optional<PublicSocket> publicSocket = PublicSocket.of(context);
        Vertx vertx = publicSocket.map(socket -> socket.vertx(options)).orElseGet(() -> Vertx.vertx(options));
        try {
            return start(vertx, loops, options.getWorkerPoolSize(), publicSocket);
        } catch (KindException e) {
            vertx.close();
            throw new KindException(ConfigFile.in(context.serviceDirectory()) + ": "
                    + e.pointer().map(pointer -> pointer + ": ").orElse("") + e.getMessage());
        } catch (RuntimeException | Error e) {
            vertx.close();
            throw e;
        }
    }

    private RunningApplication start(Vertx vertx, int loops, int poolSize, Optional<PublicSocket> publicSocket) {
        RequestLog log = new RequestLog(new LogLines(System.out, context.environment(), server.logLevel()),
                server.requestIdLogLabel(), server.disableRequestLogging());
        Clients clients = Clients.open(vertx, context.serviceId(),
                ClientSettings.from(context.configuration().get("clients")));
        PluginEnvironment environment = new PluginEnvironment(context.serviceId(), context.workerIndex(),
                context.serviceDirectory(), vertx, clients, provided, log);
        Registrations registrations = new Registrations(server.validation());
        ClassLoader loader = Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader() : ClassLoader.getSystemClassLoader();
        PluginRegistration plugins = new PluginRegistration(environment, registrations, loader, Duration.ofMillis(
                ConfigValues.number(ConfigValues.object(context.configuration(), "server"), "pluginTimeout", 10_000)));
        server.errorHandler().ifPresent(plugins::serviceErrorHandler);
        plugins.registerAll(builtIns, ConfigValues.object(context.configuration(), "plugins"));
        LoopBusyTime busy = new LoopBusyTime(loops, poolSize);
        ServiceRouter router = new ServiceRouter(environment, registrations.seal(), server,
                new ApiOptions(openApi, Optional.ofNullable(openApiDocument), graphQl, graphQlExecution),
                context.tracing(), busy, Authentication.of(context.configuration(),
                context.identityKey()));
        return ServiceServer.listen(vertx, router.build(), server, loops, busy, router, START_LIMIT, publicSocket);
    }
}
