package dev.rt.kind.db.application;

import dev.rt.kind.KindLog;
import dev.rt.kind.db.authz.Rulebook;
import dev.rt.kind.db.authz.RulebookReader;
import dev.rt.kind.db.connect.Database;
import dev.rt.kind.db.events.ChangeEvents;
import dev.rt.kind.db.events.TrackedDataSource;
import dev.rt.kind.db.graphql.CallerAccess;
import dev.rt.kind.db.graphql.DbGraphQL;
import dev.rt.kind.db.migrate.Migrator;
import dev.rt.kind.db.model.CatalogReader;
import dev.rt.kind.db.model.EntityModelBuilder;
import dev.rt.kind.db.model.TableInfo;
import dev.rt.kind.db.openapi.OpenApiDocument;
import dev.rt.kind.db.rest.RestRoute;
import dev.rt.kind.db.rest.RestRoutes;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.types.TypesWriter;
import io.swagger.v3.oas.models.OpenAPI;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A db service, ready to serve: its database open, migrations applied when {@code migrations.autoApply} says so, its
 * schema read (or taken from the schema lock), and what an HTTP server mounts: the REST routes, the GraphQL API, the
 * OpenAPI document. {@link #reload()} reads the schema again on the same pool.
 */
public final class DbApplication implements AutoCloseable {
    private final DbSettings settings;
    private final Database database;
    private final KindLog log;
    private final Entities entities;
    private final List<RestRoute> routes;
    private final Optional<DbGraphQL> graphql;
    private final Optional<OpenAPI> openApi;
    private final Optional<ChangeEvents> events;
    private final Optional<Rulebook> rules;

    private DbApplication(DbSettings settings, Database database, KindLog log, List<TableInfo> tables,
            Optional<ChangeEvents> events) {
        this.settings = settings;
        this.database = database;
        this.log = log;
        this.events = events;
        DataSource writer = events.<DataSource>map(e -> new TrackedDataSource(database.dataSource(), e))
                .orElse(database.dataSource());
        Entities all = new Entities(EntityModelBuilder.build(tables, settings.model(), log), writer,
                database.readers(), database.dialect(), settings.limits());
        this.rules = settings.authorization().map(a -> RulebookReader.read(a, all.model(), database.dialect()));
        this.entities = rules.map(book -> all.withRules(book::access)).orElse(all);
        this.routes = RestRoutes.of(entities);
        this.graphql = settings.graphql() ? Optional.of(new DbGraphQL(entities, events,
                rules.<CallerAccess>map(book -> context -> book.anonymous()).orElse(CallerAccess.SYSTEM)))
                : Optional.empty();
        this.openApi = settings.openapi().map(overrides -> OpenApiDocument.build(entities.model(), overrides));
        if (entities.model().entities().isEmpty()) {
            log.warn("No tables found in the database. Are you connected to the right database? Did you forget to run"
                    + " your migrations?");
        }
    }

    /**
     * @param owner who opens it, for messages: {@code the service "catalog"}
     * @throws dev.rt.kind.KindException when the database cannot be opened or migrated, naming the owner
     */
    public static DbApplication open(DbSettings settings, String owner, KindLog log) {
        return open(settings, owner, log, true);
    }

    /** As {@link #open}, without applying migrations and reading the live schema: for the commands. */
    public static DbApplication inspect(DbSettings settings, String owner, KindLog log) {
        return open(settings, owner, log, false);
    }

    private static DbApplication open(DbSettings settings, String owner, KindLog log, boolean migrate) {
        Database database = Database.open(settings.connectionString(), owner, migrate ? settings.poolSize() : 2);
        try {
            boolean migrated = false;
            if (migrate && settings.migrations().isPresent() && settings.migrations().get().autoApply()) {
                migrated = new Migrator(database, settings.migrations().get(), log).apply(Optional.empty()) > 0;
            }
            // the commands read the live schema (and refresh the lock); a start trusts the lock unless it migrated
            DbApplication app = new DbApplication(settings, database, log, tables(settings, database, log,
                    migrated || !migrate), settings.events() ? Optional.of(new ChangeEvents()) : Optional.empty());
            if (migrated && settings.autogenerateTypes()) {
                TypesWriter.write(app.entities.model(), settings.typesDir(), false, log);
            }
            return app;
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /** The same service with its schema read again from the database (a reload): new routes, types and document. */
    public DbApplication reload() {
        return new DbApplication(settings, database, log, tables(settings, database, log, true), events);
    }

    static List<TableInfo> tables(DbSettings settings, Database database, KindLog log, boolean changed) {
        if (settings.schemaLock().isPresent() && !changed) {
            Optional<List<TableInfo>> locked = SchemaLock.read(settings.schemaLock().get(), log);
            if (locked.isPresent()) {
                return locked.get();
            }
        }
        try {
            List<TableInfo> tables = CatalogReader.read(database.dataSource(), database.dialect());
            settings.schemaLock().ifPresent(file -> SchemaLock.write(file, tables, log));
            return tables;
        } catch (SQLException e) {
            throw new dev.rt.kind.KindException("cannot read the schema of " + database.connectionString() + ": "
                    + database.connectionString().maskIn(e.getMessage()), e);
        }
    }

    public DbSettings settings() {
        return settings;
    }

    /**
     * The entities; under {@code authorization}, their plain methods ({@code find}, {@code save}, ...) ask whose
     * rights apply ({@code as(user)} or {@code system()}), while the routes and GraphQL pass each caller's access.
     */
    public Entities entities() {
        return entities;
    }

    /** The {@code authorization.rules}, read against the entities, when the service has an {@code authorization}. */
    public Optional<Rulebook> rules() {
        return rules;
    }

    /** The REST routes, to mount at the service's root. */
    public List<RestRoute> routes() {
        return routes;
    }

    /** The GraphQL API, unless {@code db.graphql} is false. */
    public Optional<DbGraphQL> graphql() {
        return graphql;
    }

    /** The OpenAPI document of the routes, unless {@code db.openapi} is false. */
    public Optional<OpenAPI> openApi() {
        return openApi;
    }

    public Database database() {
        return database;
    }

    /** The committed changes of the entities' writes, with {@code db.events}. */
    public Optional<ChangeEvents> events() {
        return events;
    }

    @Override
    public void close() {
        events.ifPresent(ChangeEvents::close);
        database.close();
    }
}
