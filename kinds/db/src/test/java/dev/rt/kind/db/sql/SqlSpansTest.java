package dev.rt.kind.db.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindSpan;
import dev.rt.kind.db.connect.ConnectionString;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQL spans of a request, on a real SQLite database. */
class SqlSpansTest {
    private static final SqlSpans.Database SQLITE = new SqlSpans.Database("sqlite", "db.sqlite");

    @TempDir
    Path dir;
    private Connection connection;

    @BeforeEach
    void open() throws SQLException {
        connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("db.sqlite"));
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE)");
            statement.execute("INSERT INTO movies (title) VALUES ('Alien'), ('Aliens')");
        }
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    private Sql byTitle(String title) {
        return new Sql().raw("SELECT \"id\", \"title\" FROM \"movies\" WHERE \"title\" = ").bind(title);
    }

    @Test
    void aStatementPreparedDuringARequestIsAClientSpanInsideItEndedWhenClosed() throws SQLException {
        RecordedSpan request = new RecordedSpan("GET /movies", null);
        Runnable end = SqlSpans.begin(request, SQLITE);
        try (PreparedStatement statement = Statements.prepare(connection, byTitle("Alien"))) {
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString("title")).isEqualTo("Alien");
            }
            assertThat(request.children).singleElement().satisfies(span -> assertThat(span.ends).isZero());
        } finally {
            end.run();
        }

        RecordedSpan span = request.children.get(0);
        assertThat(span.name).isEqualTo("SELECT movies");
        assertThat(span.kind).isEqualTo(KindSpan.Kind.CLIENT);
        assertThat(span.ends).isEqualTo(1);
        assertThat(span.failure).isNull();
        assertThat(span.attributes).containsExactly(
                java.util.Map.entry("db.system", "sqlite"),
                java.util.Map.entry("db.namespace", "db.sqlite"),
                java.util.Map.entry("db.query.text", "SELECT \"id\", \"title\" FROM \"movies\" WHERE \"title\" = ?"),
                java.util.Map.entry("db.operation.name", "SELECT"),
                java.util.Map.entry("db.collection.name", "movies"));
    }

    @Test
    void outsideARecordedRequestAStatementIsReturnedAsPrepared() throws SQLException {
        try (PreparedStatement statement = Statements.prepare(connection, byTitle("Alien"))) {
            assertThat(Proxy.isProxyClass(statement.getClass())).isFalse();
        }
        Runnable end = SqlSpans.begin(KindSpan.NONE, SQLITE);
        try (PreparedStatement statement = Statements.prepare(connection, byTitle("Alien"))) {
            assertThat(Proxy.isProxyClass(statement.getClass())).isFalse();
        } finally {
            end.run();
        }
        RecordedSpan request = new RecordedSpan("GET /movies", null);
        SqlSpans.begin(request, SQLITE).run();
        try (PreparedStatement statement = Statements.prepare(connection, byTitle("Alien"))) {
            assertThat(Proxy.isProxyClass(statement.getClass())).isFalse();
        }
        assertThat(request.children).isEmpty();
    }

    @Test
    void aFailedStatementFailsItsSpanWithoutTheValuesItWasGiven() throws SQLException {
        RecordedSpan request = new RecordedSpan("POST /movies", null);
        Runnable end = SqlSpans.begin(request, SQLITE);
        Sql insert = new Sql().raw("INSERT INTO \"movies\" (\"title\") VALUES (").bind("Aliens").raw(")");
        try (PreparedStatement statement = Statements.prepareReturningKeys(connection, insert)) {
            assertThatThrownBy(statement::executeUpdate).isInstanceOf(SQLException.class).hasMessageContaining("UNIQUE");
        } finally {
            end.run();
        }

        RecordedSpan span = request.children.get(0);
        assertThat(span.name).isEqualTo("INSERT movies");
        assertThat(span.ends).isEqualTo(1);
        assertThat(span.failure).isNotBlank().doesNotContain("Aliens");
        assertThat(span.attributes.get("error.type")).isNotNull();
        assertThat(span.attributes.toString()).doesNotContain("Aliens");
    }

    @Test
    void spansAreNamedAfterTheOperationAndTheTable() {
        assertThat(SqlSpan.of("SELECT COUNT(*) FROM \"movies\" WHERE \"year\" > ?").name()).isEqualTo("SELECT movies");
        assertThat(SqlSpan.of("INSERT INTO `movies` (`title`) VALUES (?)").name()).isEqualTo("INSERT movies");
        assertThat(SqlSpan.of("UPDATE \"movies\" SET \"title\" = ? WHERE \"id\" = ?").name()).isEqualTo("UPDATE movies");
        assertThat(SqlSpan.of("DELETE FROM \"odd\"\"name\" WHERE \"id\" = ? RETURNING \"id\"").name())
                .isEqualTo("DELETE odd\"name");
        assertThat(SqlSpan.of("select id from movies").name()).isEqualTo("SELECT movies");
        assertThat(SqlSpan.of("SELECT 1")).isEqualTo(new SqlSpan("SELECT", java.util.Optional.empty()));
    }

    @Test
    void theDatabaseIsNamedAfterItsConnectionString() {
        assertThat(SqlSpans.Database.of(ConnectionString.parse("postgres://u:secret@db.example:5432/shop?ssl=true", dir)))
                .isEqualTo(new SqlSpans.Database("postgresql", "shop", "db.example", 5432));
        assertThat(SqlSpans.Database.of(ConnectionString.parse("mysql://u:secret@db.example/inventory", dir)))
                .isEqualTo(new SqlSpans.Database("mariadb", "inventory", "db.example", 3306));
        assertThat(SqlSpans.Database.of(ConnectionString.parse("postgres://u@[::1]:6543/shop", dir)))
                .isEqualTo(new SqlSpans.Database("postgresql", "shop", "::1", 6543));
        assertThat(SqlSpans.Database.of(ConnectionString.parse("sqlite://./data/catalog.sqlite", dir)))
                .isEqualTo(new SqlSpans.Database("sqlite", "catalog.sqlite"));
        assertThat(SqlSpans.Database.of(ConnectionString.parse("sqlite://:memory:", dir)))
                .isEqualTo(new SqlSpans.Database("sqlite", ":memory:"));
    }
}
