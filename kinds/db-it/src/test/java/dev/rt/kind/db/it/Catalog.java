package dev.rt.kind.db.it;

import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.MovieSchema;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A runtime with one db service, {@code catalog}, as a user lays it out: {@code rt.json} naming it as the entrypoint on
 * a free port, {@code catalog/rt.json}, and {@code catalog/migrations/} creating the movie schema (001), its rows
 * (002) and a unique index on the actors' names (003), applied at start; on a fresh database of the engine. The service's own settings are the given JSON members.
 */
record Catalog(Path runtime, Path service, TestDatabase database) {
    static final Path PLUGINS = Path.of(System.getProperty("rt.fixtures.dir"), "plugins");

    /** With the plugin fixture, the OpenAPI title "Catalog" and migrations applied at start. */
    static Catalog of(Engine engine) {
        return of(TestDatabases.fresh(engine), """
                "migrations": {"dir": "migrations", "autoApply": true},
                "plugins": {"paths": ["%s"]},
                "db": {"connectionString": "%s", "openapi": {"info": {"title": "Catalog", "version": "2.0.0"}}}
                """);
    }

    /** {@code settings}: the service file's members, {@code %s} standing for the plugins and the connection string. */
    static Catalog of(TestDatabase database, String settings) {
        Path dir = database.directory();
        Path service = dir.resolve("catalog");
        try {
            Files.createDirectories(service.resolve("migrations"));
            write(service.resolve("migrations/001.do.sql"), MovieSchema.create(database.engine()));
            write(service.resolve("migrations/001.undo.sql"), List.of("DROP VIEW recent_movies", "DROP TABLE notes",
                    "DROP TABLE movies_actors", "DROP TABLE actors", "DROP TABLE quotes", "DROP TABLE movies"));
            write(service.resolve("migrations/002.do.sql"), MovieSchema.rows());
            write(service.resolve("migrations/002.undo.sql"), List.of("DELETE FROM movies_actors", "DELETE FROM notes",
                    "DELETE FROM actors", "DELETE FROM quotes", "DELETE FROM movies"));
            write(service.resolve("migrations/003.do.sql"), List.of("CREATE UNIQUE INDEX actors_name ON actors (name)"));
            write(service.resolve("migrations/003.undo.sql"), List.of("DROP INDEX actors_name"
                    + (database.engine() == Engine.MARIADB ? " ON actors" : "")));
            Files.writeString(service.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/db/1.0.0.json\",\n"
                    + settings.formatted(PLUGINS, database.connectionString()) + "}\n");
            Files.writeString(dir.resolve("rt.json"), """
                    {"entrypoint": "catalog", "server": {"hostname": "127.0.0.1", "port": 0},
                     "services": [{"id": "catalog", "path": "catalog"}]}
                    """);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Catalog(dir.resolve("rt.json"), service, database);
    }

    static void write(Path file, List<String> statements) throws IOException {
        Files.writeString(file, String.join(";\n", statements) + ";\n");
    }

    Engine engine() {
        return database.engine();
    }
}
