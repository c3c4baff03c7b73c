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
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Migrations written in each database's own syntax, split by {@link ScriptSplitter} and run by the migrator on the
 * real database: MariaDB's compound statements, comments, executable comments and {@code DELIMITER}; PostgreSQL's
 * escape strings, dollar quotes, nested comments and {@code BEGIN ATOMIC}; SQLite's triggers.
 */
@ExtendWith(TestDatabases.class)
class ScriptsOnDatabasesTest {

    private static List<String> migrate(TestDatabase db, String script) throws Exception {
        Path dir = Files.createDirectories(db.directory().resolve("migrations"));
        Files.writeString(dir.resolve("001.do.sql"), script);
        try (Database database = Database.open(ConnectionString.parse(db.connectionString(), db.directory()),
                "the service \"m\"", 2)) {
            new Migrator(database, new MigrationSettings(dir, "versions", false, true, Optional.empty()),
                    new RecordingLog()).apply(Optional.empty());
        }
        List<String> rows = new ArrayList<>();
        try (Connection connection = db.connect(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT id, body FROM notes ORDER BY id")) {
            while (result.next()) {
                rows.add(result.getInt(1) + ":" + result.getString(2));
            }
        }
        return rows;
    }

    @Test
    void mariaDbProceduresCommentsAndDelimiters() throws Exception {
        String script = """
                # a MySQL comment; with an apostrophe's
                CREATE TABLE notes (id INT PRIMARY KEY, body TEXT); -- a comment; here's one
                INSERT INTO notes VALUES (1, 'it\\'s; fine'), (2, "a \\"b\\"; c");
                CREATE PROCEDURE bump(IN n INT)
                BEGIN
                  IF n > 0 THEN
                    UPDATE notes SET id = id + n WHERE id = 1;
                  ELSE
                    DELETE FROM notes WHERE id = 1;
                  END IF;
                  l: LOOP
                    LEAVE l;
                  END LOOP l;
                  CASE n WHEN 5 THEN DELETE FROM notes; ELSE BEGIN END; END CASE;
                END;
                CALL bump(10);
                /*!40101 INSERT INTO notes VALUES (3, 'executable; comment') */;
                DELIMITER //
                CREATE FUNCTION twice(x INT) RETURNS INT DETERMINISTIC
                BEGIN
                  RETURN x * 2; -- ;
                END//
                DELIMITER ;
                INSERT INTO notes VALUES (twice(21), 'from a function');
                """;
        assertThat(migrate(TestDatabases.fresh(Engine.MARIADB), script))
                .containsExactly("2:a \"b\"; c", "3:executable; comment", "11:it's; fine", "42:from a function");
    }

    @Test
    void postgresEscapeStringsDollarQuotesAndNestedComments() throws Exception {
        String script = """
                /* outer /* nested; */ still a comment; */
                CREATE TABLE notes (id int PRIMARY KEY, body text);
                INSERT INTO notes VALUES (1, E'it\\'s; fine'), (2, 'plain ''quoted''; text');
                CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $fn$
                BEGIN
                  RETURN 1; -- $$ inside
                END;
                $fn$;
                DO $$ BEGIN INSERT INTO notes VALUES (3, 'from a DO; block'); END $$;
                CREATE TABLE a$b (x int);
                INSERT INTO notes SELECT f() + 9, $q$dollar; 'quoted'$q$;
                CREATE FUNCTION g(x int) RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT x * 2; END;
                INSERT INTO notes VALUES (g(21), 'atomic; body');
                """;
        assertThat(migrate(TestDatabases.fresh(Engine.POSTGRES), script)).containsExactly("1:it's; fine",
                "2:plain 'quoted'; text", "3:from a DO; block", "10:dollar; 'quoted'", "42:atomic; body");
    }

    @Test
    void sqliteTriggersWithCaseAndBracketedNames() throws Exception {
        String script = """
                CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, [odd; name] TEXT);
                CREATE TRIGGER stamp AFTER INSERT ON notes BEGIN
                  UPDATE notes SET body = CASE WHEN body IS NULL THEN 'none;' ELSE body || '!' END WHERE id = NEW.id;
                END;
                INSERT INTO notes (id, body) VALUES (1, 'x'), (2, NULL);
                """;
        assertThat(migrate(TestDatabases.fresh(Engine.SQLITE), script)).containsExactly("1:x!", "2:none;");
    }

    @Test
    void aScriptThatCannotBeSplitIsRefusedBeforeAnyOfItRuns() throws Exception {
        TestDatabase db = TestDatabases.fresh(Engine.POSTGRES);
        assertThatThrownBy(() -> migrate(db, "CREATE TABLE notes (id int, body text);\nINSERT INTO notes VALUES"
                + " (1, E'it\\'s);\n")).isInstanceOf(KindException.class).hasMessage("Unable to apply migration"
                + " 001.do.sql: line 2: the string opened here with ' is never closed; nothing of it ran");
        try (Connection connection = db.connect(); ResultSet tables = connection.getMetaData().getTables(null, "public",
                "notes", null)) {
            assertThat(tables.next()).isFalse();
        }
    }
}
