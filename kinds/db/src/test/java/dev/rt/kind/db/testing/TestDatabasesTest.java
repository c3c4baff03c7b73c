package dev.rt.kind.db.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@ExtendWith(TestDatabases.class)
class TestDatabasesTest {

    @ParameterizedTest
    @EnumSource(Engine.class)
    void eachFreshDatabaseIsEmptyAndOwnsItsTables(Engine engine) throws Exception {
        TestDatabase first = TestDatabases.fresh(engine);
        TestDatabase second = TestDatabases.fresh(engine);
        first.execute("CREATE TABLE things (id INTEGER PRIMARY KEY, name VARCHAR(20))",
                "INSERT INTO things (id, name) VALUES (1, 'one')");
        try (Connection connection = first.connect(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT name FROM things")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo("one");
        }
        second.execute("CREATE TABLE things (id INTEGER PRIMARY KEY)");
        assertThat(first.connectionString()).isNotEqualTo(second.connectionString());
    }
}
