package dev.rt.kind.db.application;

import dev.rt.kind.KindException;
import dev.rt.kind.db.connect.ConnectionString;
import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.migrate.MigrationSettings;
import dev.rt.kind.db.model.AutoTimestamp;
import dev.rt.kind.db.model.ModelSettings;
import dev.rt.kind.db.sql.Limits;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A db service's settings, read from its validated configuration: the database, what of it to serve and how, the
 * migrations and the generated types. Relative paths are resolved against the configuration file's directory.
 *
 * @param graphql    whether the GraphQL API is served ({@code db.graphql}, on unless {@code false})
 * @param graphiql   whether the GraphiQL page is served with it (unless {@code db.graphql.graphiql} is false)
 * @param openapi    the {@code db.openapi} object to merge over the generated document (its OpenAPI properties,
 *                   without {@code swaggerPrefix} and {@code ui}); empty when it is off
 * @param schemaLock where the schema read is cached ({@code db.schemalock}), when it is
 * @param poolSize   {@code db.poolSize}: a server's pooled connections ({@link #SERVER_POOL_SIZE} by default), or a
 *                   SQLite file's read-only ones (4)
 * @param events     whether committed writes are announced to the GraphQL subscriptions ({@code db.events}: true, or
 *                   an object whose {@code enabled} is not false; off when absent)
 */
public record DbSettings(Path root, ConnectionString connectionString, int poolSize, ModelSettings model, Limits limits,
        boolean graphql, boolean graphiql, Optional<Map<String, Object>> openapi, Optional<Path> schemaLock,
        Optional<MigrationSettings> migrations, boolean autogenerateTypes, Path typesDir, boolean events,
        Optional<Map<String, Object>> authorization) {
    /**
     * A server's pool by default, as the reference's: 10 connections, and as many threads in the worker pool that runs
     * the routes' statements ({@link #workerThreads()}).
     */
    public static final int SERVER_POOL_SIZE = 10;

    public DbSettings {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(connectionString, "connectionString");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(openapi, "openapi");
        Objects.requireNonNull(schemaLock, "schemaLock");
        Objects.requireNonNull(migrations, "migrations");
        Objects.requireNonNull(typesDir, "typesDir");
        Objects.requireNonNull(authorization, "authorization");
    }

    /**
     * The threads of the worker pool that runs the routes' statements: one for each connection that can serve them
     * (a server's pool, or a SQLite file's readers and its writer). A request then waits in the pool's one queue, never
     * parked in HikariCP for a connection, and a thread that finishes takes the next request without sleeping: against
     * 20 threads, the worker's CPU for a PostgreSQL list, get and insert fell by 10-18% (bench/RESULTS.md, session 14).
     */
    public int workerThreads() {
        return connectionString.dialect() == Dialect.SQLITE ? poolSize + 1 : poolSize;
    }

    /** @param root the configuration file's directory */
    @SuppressWarnings("unchecked")
    public static DbSettings of(Map<String, Object> configuration, Path root) {
        Map<String, Object> db = object(configuration.get("db"));
        if (!(db.get("connectionString") instanceof String text)) {
            throw KindException.at("/db/connectionString", "a db service needs db.connectionString, for example"
                    + " sqlite://./db.sqlite");
        }
        ConnectionString connection = ConnectionString.parse(text, root);
        Optional<MigrationSettings> migrations = Optional.ofNullable(configuration.get("migrations"))
                .map(m -> migrations(object(m), root));
        ModelSettings model = model(db, migrations.map(MigrationSettings::table));
        Map<String, Object> limit = object(db.get("limit"));
        Limits limits = new Limits(number(limit.get("default"), 10), number(limit.get("max"), 100));
        Object graphql = db.get("graphql");
        Object openapi = db.get("openapi");
        Object lock = db.get("schemalock");
        Optional<Path> schemaLock = Boolean.TRUE.equals(lock) ? Optional.of(root.resolve("schema.lock"))
                : lock instanceof Map<?, ?> l ? Optional.of(root.resolve(String.valueOf(
                        ((Map<String, Object>) l).getOrDefault("path", "schema.lock")))) : Optional.empty();
        Map<String, Object> types = object(configuration.get("types"));
        int poolSize = (int) number(db.get("poolSize"), connection.dialect() == Dialect.SQLITE ? 4 : SERVER_POOL_SIZE);
        return new DbSettings(root, connection, poolSize, model, limits, !Boolean.FALSE.equals(graphql),
                !(graphql instanceof Map<?, ?> g && Boolean.FALSE.equals(g.get("graphiql"))),
                Boolean.FALSE.equals(openapi) ? Optional.empty()
                        : Optional.of(openapi instanceof Map<?, ?> o ? document((Map<String, Object>) o) : Map.of()),
                schemaLock, migrations, Boolean.TRUE.equals(types.get("autogenerate")),
                root.resolve(String.valueOf(types.getOrDefault("dir", "types"))).normalize(), events(db.get("events")),
                Optional.ofNullable(configuration.get("authorization")).map(DbSettings::object));
    }

    /**
     * {@code db.events}: true, or an object without {@code enabled: false}. An object naming a {@code connectionString}
     * (events shared through Redis) is refused: the workers of a service share their events through the runtime.
     */
    public static boolean events(Object events) {
        if (events instanceof Map<?, ?> map) {
            if (map.containsKey("connectionString")) {
                throw KindException.at("/db/events/connectionString", "change events travel between the workers of"
                        + " a service through the runtime, not through Redis; remove db.events.connectionString");
            }
            return !Boolean.FALSE.equals(map.get("enabled"));
        }
        return Boolean.TRUE.equals(events);
    }

    /** The OpenAPI properties of {@code db.openapi}, without the switches of where and how it is served. */
    private static Map<String, Object> document(Map<String, Object> openapi) {
        Map<String, Object> document = new java.util.LinkedHashMap<>(openapi);
        document.keySet().removeAll(Set.of("prefix", "swaggerPrefix", "ui"));
        return document;
    }

    private static MigrationSettings migrations(Map<String, Object> m, Path root) {
        return new MigrationSettings(root.resolve(String.valueOf(m.get("dir"))).normalize(),
                String.valueOf(m.getOrDefault("table", "versions")), Boolean.TRUE.equals(m.get("autoApply")),
                !Boolean.FALSE.equals(m.get("validateChecksums")),
                Optional.ofNullable(m.get("newline")).map(String::valueOf));
    }

    private static ModelSettings model(Map<String, Object> db, Optional<String> migrationsTable) {
        Set<String> ignoredTables = new HashSet<>();
        Map<String, Set<String>> ignoredColumns = new HashMap<>();
        object(db.get("ignore")).forEach((table, value) -> {
            if (Boolean.TRUE.equals(value)) {
                ignoredTables.add(table);
            } else if (value instanceof Map<?, ?> columns) {
                Set<String> names = new HashSet<>();
                columns.forEach((column, ignored) -> {
                    if (Boolean.TRUE.equals(ignored)) {
                        names.add(String.valueOf(column));
                    }
                });
                ignoredColumns.put(table, names);
            }
        });
        Set<String> included = new HashSet<>();
        object(db.get("include")).forEach((table, value) -> {
            if (Boolean.TRUE.equals(value)) {
                included.add(table);
            }
        });
        Object auto = db.get("autoTimestamp");
        Optional<AutoTimestamp> autoTimestamp = Boolean.FALSE.equals(auto) ? Optional.empty()
                : auto instanceof Map<?, ?> ? Optional.of(new AutoTimestamp(
                        String.valueOf(object(auto).getOrDefault("createdAt", "created_at")),
                        String.valueOf(object(auto).getOrDefault("updatedAt", "updated_at"))))
                        : Optional.of(AutoTimestamp.DEFAULT);
        return new ModelSettings(ignoredTables, ignoredColumns, included, autoTimestamp,
                migrationsTable.map(Set::of).orElse(Set.of()));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    private static long number(Object value, long fallback) {
        return value instanceof Number n ? n.longValue() : fallback;
    }
}
