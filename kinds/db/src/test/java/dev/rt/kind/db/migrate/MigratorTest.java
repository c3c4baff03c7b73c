package dev.rt.kind.db.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import dev.rt.kind.db.connect.ConnectionString;
import dev.rt.kind.db.connect.Database;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.RecordingLog;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@ExtendWith(TestDatabases.class)
class MigratorTest {

    private record Setup(TestDatabase db, Database database, MigrationSettings settings, RecordingLog log)
            implements AutoCloseable {
        Migrator migrator() {
            return new Migrator(database, settings, log);
        }

        void write(String name, String sql) throws Exception {
            Files.writeString(settings.dir().resolve(name), sql);
        }

        List<String> tables() throws Exception {
            List<String> names = new ArrayList<>();
            try (Connection c = db.connect(); ResultSet rows = c.getMetaData().getTables(
                    db.engine() == Engine.MARIADB ? c.getCatalog() : null, db.engine() == Engine.POSTGRES ? "public" : null,
                    "%", new String[] {"TABLE"})) {
                while (rows.next()) {
                    names.add(rows.getString("TABLE_NAME"));
                }
            }
            return names;
        }

        @Override
        public void close() {
            database.close();
        }
    }

    private static Setup setup(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        Path dir = Files.createDirectories(db.directory().resolve("migrations"));
        Database database = Database.open(ConnectionString.parse(db.connectionString(), db.directory()), "the service \"m\"", 2);
        Setup setup = new Setup(db, database, new MigrationSettings(dir, "versions", false, true, Optional.empty()),
                new RecordingLog());
        String id = engine == Engine.MARIADB ? "INT AUTO_INCREMENT PRIMARY KEY" : engine == Engine.POSTGRES
                ? "SERIAL PRIMARY KEY" : "INTEGER PRIMARY KEY";
        setup.write("001.do.sql", "CREATE TABLE movies (id " + id + ", title VARCHAR(100) NOT NULL);\n"
                + "INSERT INTO movies (title) VALUES ('Alien; the first');\n");
        setup.write("001.undo.sql", "DROP TABLE movies;");
        setup.write("002.do.add-quotes.sql", "-- quotes of movies\nCREATE TABLE quotes (id " + id
                + ", quote VARCHAR(100));\n");
        setup.write("002.undo.add-quotes.sql", "DROP TABLE quotes;");
        return setup;
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void appliesUpThenDownThenBackToNothing(Engine engine) throws Exception {
        try (Setup setup = setup(engine)) {
            assertThat(setup.migrator().pending()).isTrue();
            assertThat(setup.migrator().apply(Optional.empty())).isEqualTo(2);
            assertThat(setup.log.infos()).containsExactly("running 001.do.sql", "running 002.do.add-quotes.sql");
            assertThat(setup.tables()).contains("movies", "quotes", "versions");
            assertThat(setup.migrator().currentVersion()).isEqualTo(2);
            assertThat(setup.migrator().pending()).isFalse();

            assertThat(setup.migrator().apply(Optional.of("001"))).isEqualTo(1);
            assertThat(setup.tables()).contains("movies").doesNotContain("quotes");
            assertThat(setup.migrator().currentVersion()).isEqualTo(1);

            assertThat(setup.migrator().apply(Optional.of("000"))).isEqualTo(1);
            assertThat(setup.tables()).doesNotContain("movies", "quotes");
            assertThat(setup.migrator().currentVersion()).isZero();

            setup.migrator().apply(Optional.empty());
            RecordingLog again = new RecordingLog();
            assertThat(new Migrator(setup.database, setup.settings, again).apply(Optional.empty())).isZero();
            assertThat(again.infos()).containsExactly("verifying checksum of migration 001.do.sql",
                    "verifying checksum of migration 002.do.add-quotes.sql");
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aFailingFileIsNamedWithItsLineAndTheVersionStaysTrue(Engine engine) throws Exception {
        try (Setup setup = setup(engine)) {
            setup.migrator().apply(Optional.empty());
            setup.write("003.do.sql", "CREATE TABLE actors (id INTEGER PRIMARY KEY);\n\nINSERT INTO nowhere VALUES (1);\n");
            setup.write("003.undo.sql", "DROP TABLE actors;");
            assertThatThrownBy(() -> setup.migrator().apply(Optional.empty())).isInstanceOf(KindException.class)
                    .hasMessageStartingWith("Unable to apply migration 003.do.sql: line 3: ")
                    .hasMessageContaining("in: INSERT INTO nowhere VALUES (1)")
                    .hasMessageContaining(engine == Engine.MARIADB ? "the first 1 statement(s) of 003.do.sql (of 2), up"
                            + " to its last schema change before this one, stay applied" : "rolled the whole file back");
            assertThat(setup.migrator().currentVersion()).isEqualTo(2);
            if (engine == Engine.MARIADB) {
                assertThat(setup.tables()).as("MariaDB commits DDL at once").contains("actors");
            } else {
                assertThat(setup.tables()).as("rolled back with the file").doesNotContain("actors");
            }
            assertThat(setup.tables()).contains("movies", "quotes");
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aFailingFileOfRowsIsRolledBackEverywhere(Engine engine) throws Exception {
        try (Setup setup = setup(engine)) {
            setup.migrator().apply(Optional.empty());
            setup.write("003.do.sql", "INSERT INTO movies (title) VALUES ('Aliens');\nINSERT INTO nowhere VALUES (1);\n");
            setup.write("003.undo.sql", "DELETE FROM movies WHERE title = 'Aliens';");
            assertThatThrownBy(() -> setup.migrator().apply(Optional.empty()))
                    .hasMessageEndingWith("the database rolled the whole file back; the migrations before it stay applied");
            try (Connection c = setup.db.connect(); ResultSet rows = c.createStatement()
                    .executeQuery("SELECT COUNT(*) FROM movies")) {
                rows.next();
                assertThat(rows.getInt(1)).as("only 001's row").isEqualTo(1);
            }
            assertThat(setup.migrator().currentVersion()).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void refusesATargetThatDoesNotExistAndAChangedFile(Engine engine) throws Exception {
        try (Setup setup = setup(engine)) {
            assertThatThrownBy(() -> setup.migrator().apply(Optional.of("005"))).hasMessage("there is no migration 005 in "
                    + setup.settings.dir() + "; the versions are 001, 002 (000 rolls every migration back)");
            assertThatThrownBy(() -> setup.migrator().apply(Optional.of("latest")))
                    .hasMessageStartingWith("--to expects a migration version such as 002");
            setup.migrator().apply(Optional.empty());
            setup.write("001.do.sql", "CREATE TABLE movies (id INTEGER PRIMARY KEY);");
            assertThatThrownBy(() -> setup.migrator().apply(Optional.empty()))
                    .hasMessageStartingWith("MD5 checksum failed for migration [1]: 001.do.sql changed after it was applied");
            assertThat(setup.migrator().currentVersion()).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void createsTheNextPairOfFiles(Engine engine) throws Exception {
        try (Setup setup = setup(engine)) {
            List<Path> files = NewMigration.create(setup.settings, setup.migrator(), setup.db.directory(), setup.log);
            assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("003.do.sql", "003.undo.sql");
            assertThat(Files.readString(files.get(0))).isEmpty();
            assertThat(setup.log.infos()).containsExactly(
                    "Created migration files migrations/003.do.sql and migrations/003.undo.sql.");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void runsTriggersWithSeveralStatementsInTheirBody(Engine engine) throws Exception {
        try (Setup setup = setup(engine)) {
            setup.write("003.do.sql", """
                    CREATE TABLE log (entry TEXT);
                    CREATE TRIGGER movie_added AFTER INSERT ON movies BEGIN
                      INSERT INTO log (entry) VALUES ('added; ' || NEW.title);
                      INSERT INTO log (entry) VALUES (CASE WHEN NEW.title LIKE 'A%' THEN 'an A' ELSE 'other' END);
                    END;
                    INSERT INTO movies (title) VALUES ('Aliens');
                    """);
            setup.migrator().apply(Optional.empty());
            List<String> entries = new ArrayList<>();
            try (Connection c = setup.db.connect(); ResultSet rows = c.createStatement()
                    .executeQuery("SELECT entry FROM log ORDER BY rowid")) {
                while (rows.next()) {
                    entries.add(rows.getString(1));
                }
            }
            assertThat(entries).containsExactly("added; Aliens", "an A");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void saysWhenTheMigrationsDirectoryIsMissing(Engine engine) throws Exception {
        try (Setup setup = setup(engine)) {
            Path missing = setup.db.directory().resolve("nowhere");
            Migrator migrator = new Migrator(setup.database,
                    new MigrationSettings(missing, "versions", false, true, Optional.empty()), setup.log);
            assertThatThrownBy(() -> migrator.apply(Optional.empty()))
                    .hasMessage("Migrations directory " + missing + " does not exist; create it, or run rt db migrations create");
        }
    }
}
