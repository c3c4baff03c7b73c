package dev.rt.kind.db;

import dev.rt.kind.Kind;
import dev.rt.kind.KindException;
import dev.rt.kind.ProjectTemplate;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import dev.rt.kind.db.cli.DbCommands;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The {@code db} kind: its name, schema and commands. Its HTTP side mounts {@link DbApplication}'s routes, GraphQL and
 * OpenAPI document on the {@code service} kind's server; until that server is part of rt, {@link #start} refuses
 * clearly, and this kind is not listed in {@code META-INF/services}, so no db service is ever half started.
 */
public final class DbKind implements Kind {
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

    @Override
    public Optional<ProjectTemplate> projectTemplate() {
        return Optional.of(DbProjectTemplate.get());
    }

    @Override
    public RunningApplication start(WorkerContext context) {
        throw new KindException("the db kind serves its routes on the service kind's HTTP server, which this build of"
                + " rt does not have yet; run the db commands (rt db migrations, seed, types, schema) meanwhile");
    }
}
