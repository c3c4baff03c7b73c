package dev.rt.kind.db;

import dev.rt.kind.Kind;
import dev.rt.kind.KindException;
import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import dev.rt.kind.db.cli.DbCommands;
import dev.rt.kind.db.http.DbServer;
import dev.rt.kind.service.ServiceHost;
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
    static final List<String> JVM_OPTIONS = List.of("-XX:+UseSerialGC");

    @Override
    public String name() {
        return "db";
    }

    @Override
    public String configSchema() {
        try (InputStream in = DbKind.class.getResourceAsStream("schema.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public List<Object> commands() {
        return DbCommands.all();
    }

    /**
     * The plugin jars and class directories, then the error handler's, as a {@code service} has them. Refuses what the
     * kind does not do rather than ignore it: {@code db.openapi.prefix}, and {@code db.events} unless false.
     */
    @Override
    public List<Path> classPath(Map<String, Object> configuration, Path serviceDirectory) {
        if (configuration.get("db") instanceof Map<?, ?> db && db.get("openapi") instanceof Map<?, ?> openapi
                && openapi.containsKey("prefix")) {
            throw KindException.at("/db/openapi/prefix", "the entities' routes are served at the service's root;"
                    + " remove it (a gateway can expose the service under a prefix)");
        }
        if (configuration.get("db") instanceof Map<?, ?> db && db.get("events") != null
                && !Boolean.FALSE.equals(db.get("events"))) {
            throw KindException.at("/db/events", "change events (the GraphQL subscriptions <entity>Saved and"
                    + " <entity>Deleted) are not implemented by the db kind; remove db.events or set it to false");
        }
        return ServiceHost.classPath(configuration, serviceDirectory);
    }

    /**
     * The serial collector: a db worker's live heap is small (the schema, the routes, a few requests' rows) and it
     * allocates fast under load, which G1 answers by growing the heap towards {@code health.maxHeapTotal} and keeping
     * its remembered sets and regions; the serial collector grows the heap with what stays live and costs no memory of
     * its own. The service's own {@code jvmOptions} come after these and may replace them
     * ({@code -XX:-UseSerialGC -XX:+UseG1GC}).
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
