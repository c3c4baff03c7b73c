package dev.rt.kind.db.connect;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.rt.kind.KindException;
import dev.rt.kind.db.sql.Dialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * An open database: a HikariCP pool and the dialect its server speaks. SQLite gets a pool of one connection, its one
 * writer (a second would only wait for the file lock); the servers get {@code poolSize} connections.
 */
public final class Database implements AutoCloseable {
    private final HikariDataSource pool;
    private final Dialect dialect;
    private final ConnectionString connectionString;

    private Database(HikariDataSource pool, Dialect dialect, ConnectionString connectionString) {
        this.pool = pool;
        this.dialect = dialect;
        this.connectionString = connectionString;
    }

    /**
     * Opens the pool and checks that the database answers.
     *
     * @param owner who opens it, for messages: {@code the service "catalog"}
     * @throws KindException naming the owner and the masked connection string when the database cannot be reached
     *                       or refuses the credentials
     */
    public static Database open(ConnectionString connectionString, String owner, int poolSize) {
        if (connectionString.dialect() == Dialect.SQLITE && !connectionString.inMemory()
                && !java.nio.file.Files.isDirectory(connectionString.sqliteFile().getParent())) {
            throw new KindException(owner + " cannot open its SQLite database " + connectionString.sqliteFile()
                    + ": the directory " + connectionString.sqliteFile().getParent() + " does not exist");
        }
        HikariConfig config = new HikariConfig();
        config.setPoolName("rt-db");
        config.setJdbcUrl(connectionString.jdbcUrl());
        // named, and with this kind's loader as the context loader, so that Hikari loads the driver from the kind's
        // jars: the CLI runs the db commands in a loader of those jars, whose drivers neither DriverManager nor a
        // Hikari loaded by the CLI's own loader would see
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(Database.class.getClassLoader());
        try {
            config.setDriverClassName(switch (connectionString.dialect()) {
                case SQLITE -> "org.sqlite.JDBC";
                case POSTGRES -> "org.postgresql.Driver";
                default -> "org.mariadb.jdbc.Driver";
            });
        } finally {
            thread.setContextClassLoader(previous);
        }
        if (!connectionString.user().isEmpty()) {
            config.setUsername(connectionString.user());
        }
        if (!connectionString.password().isEmpty()) {
            config.setPassword(connectionString.password());
        }
        config.setInitializationFailTimeout(1);
        config.setConnectionTimeout(10_000);
        switch (connectionString.dialect()) {
            case SQLITE -> {
                config.setMaximumPoolSize(1);
                config.setMaxLifetime(0);
                config.addDataSourceProperty("foreign_keys", "true");
                config.addDataSourceProperty("busy_timeout", "10000");
                if (!connectionString.inMemory()) {
                    config.addDataSourceProperty("journal_mode", "WAL");
                }
            }
            case POSTGRES -> {
                config.setMaximumPoolSize(poolSize);
                // Strings are sent untyped, for the server to read as the column's type (a timestamp, a uuid, a
                // numeric), as they would be written in SQL; they remain bound parameters.
                config.addDataSourceProperty("stringtype", "unspecified");
                config.addDataSourceProperty("options", "-c TimeZone=UTC");
                config.addDataSourceProperty("connectTimeout", "10");
            }
            default -> {
                config.setMaximumPoolSize(poolSize);
                config.addDataSourceProperty("sessionVariables", "time_zone='+00:00'");
                config.addDataSourceProperty("connectTimeout", "10000");
            }
        }
        HikariDataSource pool;
        thread.setContextClassLoader(Database.class.getClassLoader()); // the pool instantiates the driver
        try {
            pool = new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            throw ConnectionFailure.describe(connectionString, owner, e.getCause() == null ? e : e.getCause());
        } catch (RuntimeException e) {
            throw ConnectionFailure.describe(connectionString, owner, e);
        } finally {
            thread.setContextClassLoader(previous);
        }
        try {
            Dialect dialect = connectionString.dialect() == Dialect.MARIADB ? mysqlFamily(pool) : connectionString.dialect();
            return new Database(pool, dialect, connectionString);
        } catch (SQLException e) {
            pool.close();
            throw ConnectionFailure.describe(connectionString, owner, e);
        }
    }

    private static Dialect mysqlFamily(DataSource pool) throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
                ResultSet version = statement.executeQuery("SELECT VERSION()")) {
            version.next();
            return version.getString(1).toLowerCase(Locale.ROOT).contains("maria") ? Dialect.MARIADB : Dialect.MYSQL;
        }
    }

    public DataSource dataSource() {
        return pool;
    }

    public Dialect dialect() {
        return dialect;
    }

    public ConnectionString connectionString() {
        return connectionString;
    }

    @Override
    public void close() {
        pool.close();
    }
}
