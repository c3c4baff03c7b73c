package dev.rt.kind.db.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScriptSplitterTest {

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
        var statements = ScriptSplitter.split(script, false);
        assertThat(statements).extracting(ScriptSplitter.Statement::line).containsExactly(2, 3, 8, 9, 10);
        assertThat(statements.get(1).text()).startsWith("CREATE TRIGGER").endsWith("END");
        assertThat(statements.get(0).text()).contains("'x; y'");
        assertThat(statements.get(2).text()).endsWith("LANGUAGE plpgsql");
        assertThat(statements.get(3).text()).isEqualTo("BEGIN TRANSACTION");
    }

    @Test
    void honoursBackslashEscapesWhereTheDatabaseDoes() {
        String script = "INSERT INTO a VALUES ('it\\'s; fine'); SELECT 2";
        assertThat(ScriptSplitter.split(script, true)).hasSize(2);
    }
}
