package dev.rt.kind.db;

import dev.rt.kind.ProjectTemplate;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code rt db create} writes: a Maven project whose rt.json reads its connection string from {@code .env}
 * ({@code DATABASE_URL}), a first migration (a {@code movies} table, its key column in the database's own SQL), a
 * seed, the sample plugin, and tests that start the service on a SQLite database of their own.
 */
final class DbProjectTemplate {
    static final String DEFAULT_CONNECTION_STRING = "sqlite://./db.sqlite";

    private DbProjectTemplate() {
    }

    static ProjectTemplate get() {
        return ProjectTemplate.fromResources(DbProjectTemplate.class, "create", "db", List.of(
                new ProjectTemplate.Option("connectionString", "The database (written to .env as DATABASE_URL):"
                        + " sqlite://<file>, postgres://user:password@host:port/db or mysql://...; default "
                        + DEFAULT_CONNECTION_STRING + ".", DEFAULT_CONNECTION_STRING, false),
                new ProjectTemplate.Option("migrations", "Write a first migration (a movies table) and a seed.",
                        "true", true)))
                .deriving(values -> Map.of("idColumn", idColumn(values.get("connectionString"))));
    }

    /** An auto-generated integer key in the SQL of the database the connection string names. */
    static String idColumn(String connectionString) {
        String scheme = connectionString.toLowerCase(Locale.ROOT);
        if (scheme.startsWith("postgres")) {
            return "SERIAL PRIMARY KEY";
        }
        if (scheme.startsWith("mysql") || scheme.startsWith("mariadb")) {
            return "INT AUTO_INCREMENT PRIMARY KEY";
        }
        return "INTEGER PRIMARY KEY";
    }
}
