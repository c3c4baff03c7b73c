package dev.rt.kind.db.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.migrate.ScriptSplitter.ScriptException;
import dev.rt.kind.db.migrate.ScriptSplitter.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScriptSplitterTest {

    private static List<String> texts(String script, Dialect dialect) {
        return ScriptSplitter.split(script, dialect).stream().map(Statement::text).toList();
    }

    @Test
    void keepsTriggerBodiesStringsCommentsAndDollarQuotesWhole() {
        String script = """
                -- a comment; with a semicolon
                CREATE TABLE a (id INTEGER PRIMARY KEY, note TEXT DEFAULT 'x; y');
                CREATE TRIGGER t AFTER INSERT ON a BEGIN
                  UPDATE a SET note = CASE WHEN note IS NULL THEN 'n;' ELSE note END WHERE id = NEW.id;
                  SELECT 1;
                END;
                /* block; comment */
                CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END; $body$ LANGUAGE plpgsql;
                BEGIN TRANSACTION;
                COMMIT;
                -- only a comment at the end;
                """;
        var statements = ScriptSplitter.split(script, Dialect.POSTGRES);
        assertThat(statements).extracting(Statement::line).containsExactly(2, 3, 8, 9, 10);
        assertThat(statements.get(1).text()).startsWith("CREATE TRIGGER").endsWith("END");
        assertThat(statements.get(0).text()).contains("'x; y'");
        assertThat(statements.get(2).text()).endsWith("LANGUAGE plpgsql");
        assertThat(statements.get(3).text()).isEqualTo("BEGIN TRANSACTION");
    }

    @Test
    void theMySqlFamilysCompoundStatementsEndAtTheirOwnEnd() {
        String script = """
                CREATE PROCEDURE p(n INT)
                BEGIN
                  IF n > 0 THEN UPDATE t SET x = 1; ELSE UPDATE t SET x = 2; END IF;
                  l: LOOP LEAVE l; END LOOP l;
                  WHILE n > 0 DO SET n = n - 1; END WHILE;
                  REPEAT SET n = n + 1; UNTIL n > 3 END REPEAT;
                  CASE n WHEN 1 THEN SELECT 1; ELSE BEGIN END; END CASE;
                END;
                SELECT 2;
                """;
        assertThat(ScriptSplitter.split(script, Dialect.MARIADB)).extracting(Statement::line).containsExactly(1, 9);
    }

    @Test
    void theMySqlFamilysCommentsEscapesAndExecutableComments() {
        String script = "# it's a comment; really\nINSERT INTO a VALUES ('it\\'s; fine'); -- here's one too\n"
                + "SELECT 1 --1;\nSELECT 2; /*!40101 SET NAMES utf8 */; /* only; a comment */;\n";
        assertThat(texts(script, Dialect.MARIADB)).containsExactly("# it's a comment; really\nINSERT INTO a VALUES"
                + " ('it\\'s; fine')", "-- here's one too\nSELECT 1 --1", "SELECT 2", "/*!40101 SET NAMES utf8 */");
        assertThat(ScriptSplitter.split(script, Dialect.MARIADB)).extracting(Statement::line).containsExactly(2, 3, 4, 4);
    }

    @Test
    void delimiterLinesOfTheMysqlClientSetWhatEndsAStatement() {
        String script = """
                DELIMITER //
                CREATE FUNCTION twice(x INT) RETURNS INT DETERMINISTIC
                BEGIN
                  IF x > 0 THEN RETURN x * 2; END IF;
                  RETURN 0;
                END//
                SELECT 1; SELECT 2//
                delimiter ;
                SELECT 3;
                """;
        var statements = ScriptSplitter.split(script, Dialect.MYSQL);
        assertThat(statements).extracting(Statement::line).containsExactly(2, 7, 9);
        assertThat(statements.get(0).text()).startsWith("CREATE FUNCTION").endsWith("RETURN 0;\nEND");
        assertThat(statements.get(1).text()).isEqualTo("SELECT 1; SELECT 2");
        assertThatThrownBy(() -> ScriptSplitter.split("SELECT 1;\nDELIMITER //\n", Dialect.POSTGRES))
                .isInstanceOf(ScriptException.class).hasMessage("DELIMITER is a command of the mysql client, and"
                        + " PostgreSQL has none: end each statement with ;").extracting("line").isEqualTo(2);
    }

    @Test
    void postgresEscapeStringsDollarQuotesAndNestedComments() {
        String script = """
                /* outer /* nested; */ still; a comment */
                INSERT INTO a VALUES (E'it\\'s; fine', 'plain ''quoted''; text', $q$dollar; 'x'$q$);
                CREATE TABLE a$b (x int);
                SELECT $1;
                """;
        assertThat(texts(script, Dialect.POSTGRES)).containsExactly(
                "/* outer /* nested; */ still; a comment */\nINSERT INTO a VALUES (E'it\\'s; fine', 'plain ''quoted'';"
                        + " text', $q$dollar; 'x'$q$)", "CREATE TABLE a$b (x int)", "SELECT $1");
        // elsewhere # is an operator, and a backslash is a character
        assertThat(texts("SELECT 1 # 2; SELECT '\\'; SELECT 3", Dialect.POSTGRES))
                .containsExactly("SELECT 1 # 2", "SELECT '\\'", "SELECT 3");
    }

    @Test
    void whatIsNeverClosedIsRefusedNamingTheLineItOpensOn() {
        assertThatThrownBy(() -> ScriptSplitter.split("SELECT 1;\nSELECT E'it\\'s;\nSELECT 2;", Dialect.POSTGRES))
                .hasMessage("the string opened here with ' is never closed").extracting("line").isEqualTo(2);
        assertThatThrownBy(() -> ScriptSplitter.split("SELECT 1;\n\nSELECT 'abc;", Dialect.SQLITE))
                .hasMessage("the string opened here with ' is never closed").extracting("line").isEqualTo(3);
        assertThatThrownBy(() -> ScriptSplitter.split("SELECT 1;\nDO $x$ BEGIN END $y$;", Dialect.POSTGRES))
                .hasMessage("the dollar quote $x$ opened here is never closed").extracting("line").isEqualTo(2);
        assertThatThrownBy(() -> ScriptSplitter.split("/* a /* b */\nSELECT 1;", Dialect.POSTGRES))
                .hasMessageStartingWith("the comment opened here is never closed").extracting("line").isEqualTo(1);
        assertThatThrownBy(() -> ScriptSplitter.split("\nSELECT `a;", Dialect.MARIADB))
                .hasMessage("the quoted identifier opened here with ` is never closed").extracting("line").isEqualTo(2);
    }
}
