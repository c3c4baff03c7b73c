package dev.rt.kind.db.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * An empty database of its own for one test class: a SQLite file in a fresh directory, or a fresh database on the
 * shared private PostgreSQL or MariaDB server.
 *
 * @param directory a fresh directory for the test's files (the SQLite file, migrations, a configuration)
 */
public record TestDatabase(Engine engine, String connectionString, String jdbcUrl, Path directory) {

    /** A direct JDBC connection, for setting up data and checking what the kind did. */
    public Connection connect() throws SQLException {
        return engine == Engine.SQLITE ? DriverManager.getConnection(jdbcUrl)
                : DriverManager.getConnection(jdbcUrl, DatabaseServer.USER, DatabaseServer.PASSWORD);
    }

    /** Runs statements, each on its own, through a direct connection. */
    public void execute(String... statements) {
        try (Connection connection = connect(); var statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot run test SQL on " + engine + ": " + e.getMessage(), e);
        }
    }
}
