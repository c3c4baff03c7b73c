package dev.rt.kind.db.migrate;

import dev.rt.kind.KindException;
import dev.rt.kind.db.connect.Dialect;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HexFormat;

/**
 * Keeps two appliers of one database's migrations from running a file twice: the workers of one service starting
 * together with {@code autoApply}, the replicas of a runtime, {@code rt db migrations apply} beside a running service.
 * An applier runs a file only while it holds this lock, after reading the version again under it. PostgreSQL and
 * SQLite lock the versions table inside the file's transaction, so the lock lasts until the commit; the MySQL family
 * commits at each schema change, so it holds a named lock of its session ({@code GET_LOCK}) around the file instead.
 */
final class MigrationLock {
    /** How long an applier waits for another one to finish its file before it gives up. */
    static final Duration WAIT = Duration.ofMinutes(10);
    private static final int SQLITE_BUSY = 5;

    private final Dialect dialect;
    private final String table;
    private final String quoted;

    MigrationLock(Dialect dialect, String table, String quoted) {
        this.dialect = dialect;
        this.table = table;
        this.quoted = quoted;
    }

    /** Before the file's transaction begins: the MySQL family's named lock. */
    void acquire(Connection connection) throws SQLException {
        if (!dialect.isMySqlFamily()) {
            return;
        }
        try (PreparedStatement statement = connection.prepareStatement("SELECT GET_LOCK(?, ?)")) {
            statement.setString(1, name(connection));
            statement.setLong(2, WAIT.toSeconds());
            try (ResultSet rows = statement.executeQuery()) {
                if (!rows.next() || rows.getInt(1) != 1) {
                    throw busy();
                }
            }
        }
    }

    /** First in the file's transaction: PostgreSQL's and SQLite's write lock on the versions table. */
    void claim(Connection connection) throws SQLException {
        if (dialect == Dialect.POSTGRES) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("LOCK TABLE " + quoted + " IN EXCLUSIVE MODE");
            }
        } else if (dialect == Dialect.SQLITE) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (true) {
                try (Statement statement = connection.createStatement()) {
                    statement.executeUpdate("UPDATE " + quoted + " SET name = name WHERE version = 0");
                    return;
                } catch (SQLException e) {
                    // each attempt already waited the connection's busy timeout for the other applier's commit
                    if ((e.getErrorCode() & 0xff) != SQLITE_BUSY) {
                        throw e;
                    }
                    if (System.nanoTime() > deadline) {
                        throw busy();
                    }
                }
            }
        }
    }

    /** After the file's transaction ended, committed or not. */
    void release(Connection connection) throws SQLException {
        if (!dialect.isMySqlFamily()) {
            return;
        }
        try (PreparedStatement statement = connection.prepareStatement("SELECT RELEASE_LOCK(?)")) {
            statement.setString(1, name(connection));
            statement.executeQuery().close();
        }
    }

    /** The MySQL family's lock names are server-wide and at most 64 characters: one per database and table. */
    private String name(Connection connection) throws SQLException {
        String scope = connection.getCatalog() + "." + table;
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(scope.getBytes(StandardCharsets.UTF_8));
            return "rt-migrations-" + HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private KindException busy() {
        return new KindException("another process has been applying migrations to this database for "
                + WAIT.toMinutes() + " minutes (it holds the lock of the table " + table + "); let it finish, or stop"
                + " it, and apply again");
    }
}
