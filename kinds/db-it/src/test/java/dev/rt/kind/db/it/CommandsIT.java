package dev.rt.kind.db.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code rt db migrations apply}, {@code rt db seed} and {@code rt db migrations apply --to 000} through the
 * distribution's command line, on each database; and a start that applies the migrations and regenerates the types.
 */
@ExtendWith(TestDatabases.class)
class CommandsIT {
    private static final String MANUAL = """
            "migrations": {"dir": "migrations"},
            "db": {"connectionString": "%2$s"}
            """;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void appliesSeedsAndRollsBackToNothing(Engine engine) throws Exception {
        Catalog catalog = Catalog.of(TestDatabases.fresh(engine), MANUAL);
        String config = catalog.service().resolve("rt.json").toString();
        Files.writeString(catalog.service().resolve("seed.java"), """
                import dev.rt.kind.KindLog;
                import dev.rt.kind.db.sql.Entities;
                import java.util.List;
                import java.util.Map;
                import javax.sql.DataSource;

                class Seed {
                    public static void seed(Entities entities, DataSource db, KindLog logger) throws Exception {
                        entities.insert("movie", List.of(Map.of("title", "Solaris", "year", 1972),
                                Map.of("title", "Stalker", "year", 1979)));
                        logger.info("now " + entities.count("movie") + " movies");
                    }
                }
                """);

        Result early = rt(catalog, "db", "seed", "seed.java", "-c", config);
        assertThat(early.status()).isEqualTo(1);
        assertThat(early.output()).as(early.output()).contains("You must apply migrations before seeding the database.");

        Result applied = rt(catalog, "db", "migrations", "apply", "-c", config);
        assertThat(applied.status()).as(applied.output()).isZero();
        assertThat(applied.output()).contains("running 001.do.sql", "running 002.do.sql", "running 003.do.sql");
        assertThat(count(catalog.database(), "movies")).isEqualTo(3);

        Result seeded = rt(catalog, "db", "seed", "seed.java", "-c", config);
        assertThat(seeded.status()).as(seeded.output()).isZero();
        assertThat(seeded.output()).contains("now 5 movies", "Seeding complete.");
        assertThat(count(catalog.database(), "movies")).isEqualTo(5);

        Result none = rt(catalog, "db", "migrations", "apply", "--to", "000", "-c", config);
        assertThat(none.status()).as(none.output()).isZero();
        assertThat(none.output()).contains("003.undo.sql", "002.undo.sql", "001.undo.sql");
        assertThatThrownBy(() -> count(catalog.database(), "movies")).isInstanceOf(SQLException.class);
        assertThat(scalar(catalog.database(), "SELECT MAX(version) FROM versions")).isZero();
    }

    @Test
    void aStartAppliesTheMigrationsAndRegeneratesTheTypes() throws Exception {
        Catalog catalog = Catalog.of(TestDatabases.fresh(Engine.SQLITE), """
                "migrations": {"dir": "migrations", "autoApply": true},
                "types": {"autogenerate": true, "dir": "types"},
                "db": {"connectionString": "%2$s"}
                """);
        try (Rt rt = Rt.start(catalog.runtime()).awaitListening()) {
            rt.awaitOutput("running 001.do.sql"); // the worker's lines, which may reach rt's log after it listens
            rt.awaitOutput("running 002.do.sql");
            assertThat(rt.get("/movies/1?fields=title").body()).isEqualTo("{\"title\":\"Alien\"}");
            assertThat(catalog.service().resolve("types/Movie.java")).content().contains("public record Movie(");
            assertThat(catalog.service().resolve("types/EntityTypes.java")).exists();
        }
    }

    record Result(int status, String output) {
    }

    static Result rt(Catalog catalog, String... arguments) throws Exception {
        try (Rt rt = Rt.run(catalog.service(), List.of(arguments))) {
            int status = rt.awaitExit();
            return new Result(status, rt.output());
        }
    }

    static long count(TestDatabase database, String table) throws SQLException {
        return scalar(database, "SELECT COUNT(*) FROM " + table);
    }

    static long scalar(TestDatabase database, String query) throws SQLException {
        try (Connection connection = database.connect(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
