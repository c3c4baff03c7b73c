package dev.rt.kind.db.testing;

import dev.rt.kind.testing.TestPorts;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** A database server the tests started, on a private port and data directory; closing it stops it. */
public interface DatabaseServer extends AutoCloseable {
    /** The user the tests connect as, and its password. */
    String USER = "rt";
    String PASSWORD = "rt-secret";

    Engine engine();

    int port();

    /** A JDBC URL of one of its databases, for checks that bypass the kind. */
    String jdbcUrl(String database);

    /** The connection string a db service would be configured with. */
    String connectionString(String database);

    /** Creates an empty database of that name. */
    default void createDatabase(String name) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(adminDatabase()), USER, PASSWORD);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the database " + name + " on " + engine() + ": "
                    + e.getMessage(), e);
        }
    }

    /** The database that always exists, to connect to before creating others. */
    String adminDatabase();

    @Override
    void close();

    /**
     * A port nothing listens on now, which no other program is likely to take meanwhile ({@link TestPorts#unused()});
     * for a port that must refuse connections for as long as a test runs, hold {@link TestPorts#refusing()}.
     */
    static int freePort() {
        return TestPorts.unused();
    }
}
