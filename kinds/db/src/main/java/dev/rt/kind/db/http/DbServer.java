package dev.rt.kind.db.http;

import dev.rt.kind.RequestTracing;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import dev.rt.kind.db.application.DbApplication;
import dev.rt.kind.db.application.DbSettings;
import dev.rt.kind.db.events.WorkerRelay;
import dev.rt.kind.db.openapi.OpenApiDocument;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.SqlSpans;
import dev.rt.kind.service.ServiceHost;
import dev.rt.kind.service.graphql.GraphQlSettings;
import dev.rt.kind.service.openapi.OpenApiSettings;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * A db service in its worker: the database opened (migrations applied at start when {@code migrations.autoApply}
 * says so, types regenerated after them with {@code types.autogenerate}), then the service kind's server with the
 * entities' REST routes (on the worker pool), their GraphQL API and their OpenAPI document, and the user's plugins,
 * which find the entities with {@code ServiceContext.lookup(Entities.class)}. With {@code db.events}, the change
 * events reach the service's other workers ({@link WorkerRelay}). Stopping the server closes the pool. When the
 * service is traced, the SQL its REST routes and GraphQL queries run is recorded as spans ({@code SqlSpans}). With an
 * {@code authorization} section, every route, query, mutation and subscription runs with its caller's access
 * ({@link Callers}), and plugins say whose rights their entity calls use ({@code entities.as(user)},
 * {@code entities.system()}).
 */
public final class DbServer {
    private DbServer() {
    }

    /** @throws dev.rt.kind.KindException naming the service when its database, a migration or a plugin fails */
    public static RunningApplication start(WorkerContext context) {
        DbSettings settings = DbSettings.of(context.configuration(), context.serviceDirectory());
        return start(context, DbApplication.open(settings, "the service \"" + context.serviceId() + "\"",
                context.log()));
    }

    /** Serves an application already open; stopping the server closes it. */
    static RunningApplication start(WorkerContext context, DbApplication app) {
        DbSettings settings = app.settings();
        app.events().ifPresent(events -> WorkerRelay.connect(events, context.messaging()));
        try {
            SqlSpans.Database traced = context.tracing() == RequestTracing.OFF ? null
                    : SqlSpans.Database.of(settings.connectionString());
            Callers callers = new Callers(app.rules());
            ServiceHost host = ServiceHost.configure(context)
                    .workerPoolSize(settings.workerThreads())
                    .openApi(openApi(context.configuration(), app))
                    .graphQl(settings.graphql() ? new GraphQlSettings(true, settings.graphiql()) : GraphQlSettings.OFF)
                    .provide(Entities.class, app.entities())
                    .plugin("db", new RestPlugin(app.routes(), traced, callers));
            app.openApi().ifPresent(document -> host.openApiDocument(OpenApiDocument.json(document)));
            app.graphql().ifPresent(graphql -> host.graphQlExecution(new BlockingGraphQl(graphql, traced, callers))
                    .plugin("db-graphql", service -> GraphQlPart.register(service, graphql)));
            return new Running(host.start(), app);
        } catch (RuntimeException | Error e) {
            app.close();
            throw e;
        }
    }

    /** {@code db.openapi}'s switches ({@code swaggerPrefix}, {@code ui}); its document properties are in the entities'. */
    private static OpenApiSettings openApi(Map<String, Object> configuration, DbApplication app) {
        if (app.openApi().isEmpty()) {
            return OpenApiSettings.OFF;
        }
        Object db = configuration.get("db");
        OpenApiSettings settings = OpenApiSettings.from(db instanceof Map<?, ?> map ? map.get("openapi") : null, true);
        return new OpenApiSettings(true, settings.swaggerPrefix(), settings.ui(), "", Map.of());
    }

    /** The server, and the database it serves, closed after it. */
    private record Running(RunningApplication server, DbApplication app) implements RunningApplication {
        @Override
        public int port() {
            return server.port();
        }

        @Override
        public Optional<dev.rt.kind.BusyTime> busyTime() {
            return server.busyTime();
        }

        @Override
        public Optional<String> openApiDocument() {
            return server.openApiDocument();
        }

        @Override
        public Optional<String> graphQlSchema() {
            return server.graphQlSchema();
        }

        @Override
        public void stop(Duration deadline) {
            try {
                server.stop(deadline);
            } finally {
                app.close();
            }
        }
    }
}
