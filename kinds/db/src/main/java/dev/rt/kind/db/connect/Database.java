package dev.rt.kind.db.connect;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.rt.kind.KindException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * An open database: HikariCP pools and the dialect its server speaks. The servers get one pool of {@code poolSize}
 * connections, for reads and writes. A SQLite file gets two: its one writer (a second would only wait for the file
 * lock), in WAL journal mode so that readers never wait for it, and {@code poolSize} read-only connections for the
 * statements that only read, which run side by side (an in-memory database, private to its connection, has the
 * writer alone). Every SQLite connection waits up to 10 s for a lock rather than fail with {@code SQLITE_BUSY}. The
 * writer commits with {@code synchronous=NORMAL}, which WAL makes safe from corruption and from process crashes.
 */
public final class Database implements AutoCloseable {
    /** SQLite's {@code SQLITE_OPEN_READONLY} flag, for sqlite-jdbc's {@code open_mode} property. */
    private static final int SQLITE_OPEN_READONLY = 0x1;
    /** A {@code synchronous} pragma in a SQLite connection string's query, which the driver's properties would beat. */
    private static final java.util.regex.Pattern SYNCHRONOUS_GIVEN = java.util.regex.Pattern.compile(
            "[?&]synchronous=", java.util.regex.Pattern.CASE_INSENSITIVE);
    private final HikariDataSource pool;
    private final HikariDataSource readers;
    private final Dialect dialect;
    private final ConnectionString connectionString;

    private Database(HikariDataSource pool, HikariDataSource readers, Dialect dialect,
            ConnectionString connectionString) {
        this.pool = pool;
        this.readers = readers;
        this.dialect = dialect;
        this.connectionString = connectionString;
    }

    /**
     * Opens the pool and checks that the database answers.
     *
     * @param owner who opens it, for messages: {@code the service "catalog"}
     * @param poolSize the connections of a server's pool, or a SQLite file's read-only connections
     * @throws KindException naming the owner and the masked connection string when the database cannot be reached
     *                       or refuses the credentials
     */
    public static Database open(ConnectionString connectionString, String owner, int poolSize) {
        if (connectionString.dialect() == Dialect.SQLITE && !connectionString.inMemory()
                && !java.nio.file.Files.isDirectory(connectionString.sqliteFile().getParent())) {
            throw new KindException(owner + " cannot open its SQLite database " + connectionString.sqliteFile()
                    + ": the directory " + connectionString.sqliteFile().getParent() + " does not exist");
        }
        HikariDataSource pool = pool(config(connectionString, poolSize, false), connectionString, owner);
        HikariDataSource readers = pool;
        try {
            if (connectionString.dialect() == Dialect.SQLITE && !connectionString.inMemory()) {
                readers = pool(config(connectionString, poolSize, true), connectionString, owner);
            }
            Dialect dialect = connectionString.dialect() == Dialect.MARIADB ? mysqlFamily(pool) : connectionString.dialect();
            return new Database(pool, readers, dialect, connectionString);
        } catch (SQLException e) {
            close(pool, readers);
            throw ConnectionFailure.describe(connectionString, owner, e);
        } catch (RuntimeException e) {
            close(pool, readers);
            throw e;
        }
    }

    /** @param reader a SQLite file's read-only connection, opened once its writer has made the file and the WAL */
    private static HikariConfig config(ConnectionString connectionString, int poolSize, boolean reader) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(reader ? "rt-db-readers" : "rt-db");
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
                config.setMaximumPoolSize(reader ? poolSize : 1);
                config.setMaxLifetime(0);
                config.addDataSourceProperty("busy_timeout", "10000");
                if (reader) {
                    // opened read-only; the pool then asks for what the connection already is
                    config.addDataSourceProperty("open_mode", Integer.toString(SQLITE_OPEN_READONLY));
                    config.setReadOnly(true);
                } else {
                    config.addDataSourceProperty("foreign_keys", "true");
                    if (!connectionString.inMemory()) {
                        config.addDataSourceProperty("journal_mode", "WAL");
                        // A commit reaches the WAL file without waiting for the disk (a checkpoint syncs): no
                        // corruption, and nothing lost when the process dies; a power cut may undo the last commits.
                        // ?synchronous=full in the connection string syncs every commit.
                        if (!SYNCHRONOUS_GIVEN.matcher(connectionString.jdbcUrl()).find()) {
                            config.addDataSourceProperty("synchronous", "NORMAL");
                        }
                    }
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
        return config;
    }

    private static HikariDataSource pool(HikariConfig config, ConnectionString connectionString, String owner) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(Database.class.getClassLoader()); // the pool instantiates the driver
        try {
            return new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            throw ConnectionFailure.describe(connectionString, owner, e.getCause() == null ? e : e.getCause());
        } catch (RuntimeException e) {
            throw ConnectionFailure.describe(connectionString, owner, e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static void close(HikariDataSource pool, HikariDataSource readers) {
        if (readers != pool) {
            readers.close();
        }
        pool.close();
    }

    private static Dialect mysqlFamily(DataSource pool) throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
                ResultSet version = statement.executeQuery("SELECT VERSION()")) {
            version.next();
            return version.getString(1).toLowerCase(Locale.ROOT).contains("maria") ? Dialect.MARIADB : Dialect.MYSQL;
        }
    }

    /** The pool that writes (and reads, where no separate readers exist): migrations, seeds and every write. */
    public DataSource dataSource() {
        return pool;
    }

    /** The connections for statements that only read: a SQLite file's read-only pool, else {@link #dataSource()}. */
    public DataSource readers() {
        return readers;
    }

    public Dialect dialect() {
        return dialect;
    }

    public ConnectionString connectionString() {
        return connectionString;
    }

    @Override
    public void close() {
        close(pool, readers);
    }
}
