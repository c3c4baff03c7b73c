package dev.rt.kind.db;

import dev.rt.kind.Kind;
import dev.rt.kind.KindException;
import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import dev.rt.kind.db.application.DbApplication;
import dev.rt.kind.db.application.DbSettings;
import dev.rt.kind.db.cli.DbCommands;
import dev.rt.kind.db.http.DbServer;
import dev.rt.kind.service.ServiceHost;
import dev.rt.kind.service.ServiceKind;
import dev.rt.kind.service.auth.AuthorizationSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code db} kind: its name, schema and commands, and the class path of its workers (the plugins', as for a
 * {@code service}). This class stays free of the server: the supervisor and the CLI load it to read the schema and
 * check configurations; {@link #start} hands over to {@link DbServer}, which serves {@link DbApplication}'s routes,
 * GraphQL and OpenAPI document on the {@code service} kind's server.
 */
public final class DbKind implements Kind {
    static final List<String> JVM_OPTIONS = ServiceKind.JVM_OPTIONS;

    @Override
    public String name() {
        return "db";
    }

    @Override
    public String configSchema() {
        try (InputStream in = DbKind.class.getResourceAsStream("schema.json")) {
            return AuthorizationSchema.with(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The service kind's schema, whose {@code server}, {@code plugins} and {@code watch} a db service shares. */
    @Override
    public Map<String, String> configSchemaDocuments() {
        return ServiceKind.sharedSchema();
    }

    @Override
    public List<Object> commands() {
        return DbCommands.all();
    }

    /**
     * A {@code service}'s checks, and refuses what the kind does not do rather than ignore it:
     * {@code db.openapi.prefix}, and {@code db.events.connectionString}.
     */
    @Override
    public void check(Map<String, Object> configuration, Path serviceDirectory) {
        if (configuration.get("db") instanceof Map<?, ?> db && db.get("openapi") instanceof Map<?, ?> openapi
                && openapi.containsKey("prefix")) {
            throw KindException.at("/db/openapi/prefix", "the entities' routes are served at the service's root;"
                    + " remove it (a gateway can expose the service under a prefix)");
        }
        if (configuration.get("db") instanceof Map<?, ?> db) {
            DbSettings.events(db.get("events"));
        }
        ServiceHost.check(configuration);
    }

    /** The plugin jars and class directories, then the error handler's, as a {@code service} has them. */
    @Override
    public List<Path> classPath(Map<String, Object> configuration, Path serviceDirectory) {
        return ServiceHost.classPath(configuration, serviceDirectory);
    }

    /**
     * The service kind's options ({@link ServiceKind#JVM_OPTIONS}), the serial collector first: a db worker's live heap is small (the schema, the routes, a few requests' rows) and it
     * allocates fast under load, which G1 answers by growing the heap towards {@code health.maxHeapTotal} and keeping
     * its remembered sets and regions; the serial collector grows the heap with what stays live and costs no memory of
     * its own. A collector the service's own {@code jvmOptions} name replaces it.
     */
    @Override
    public List<String> jvmOptions(Map<String, Object> configuration, Path serviceDirectory) {
        return JVM_OPTIONS;
    }

    @Override
    public Optional<ProjectTemplate> projectTemplate() {
        return Optional.of(DbProjectTemplate.get());
    }

    @Override
    public RunningApplication start(WorkerContext context) {
        return DbServer.start(context);
    }
}
