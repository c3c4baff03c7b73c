package dev.rt.kind.db.migrate;

import dev.rt.kind.db.connect.Dialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The table that records which migrations ran: one row per applied version with its name, its checksum and when it
 * ran, and a row for version 0. The layout is the one other migration tools of the reference ecosystem write, so a
 * database they migrated carries on here.
 */
final class VersionsTable {
    private static final DateTimeFormatter SQLITE_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);

    private final String table;
    private final String quoted;
    private final Dialect dialect;

    VersionsTable(String table, Dialect dialect) {
        this.table = table;
        this.dialect = dialect;
        this.quoted = Arrays.stream(table.split("\\.")).map(dialect::quote).collect(Collectors.joining("."));
    }

    /** The lock that keeps two appliers of this table's migrations apart. */
    MigrationLock lock() {
        return new MigrationLock(dialect, table, quoted);
    }

    boolean exists(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setMaxRows(1);
            try (ResultSet ignored = statement.executeQuery("SELECT version FROM " + quoted + " WHERE 1 = 0")) {
                return true;
            }
        } catch (SQLException e) {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
            return false;
        }
    }

    void ensure(Connection connection) throws SQLException {
        if (exists(connection)) {
            return;
        }
        String version = dialect == Dialect.SQLITE ? "INTEGER" : "BIGINT";
        String runAt = switch (dialect) {
            case POSTGRES -> "TIMESTAMP WITH TIME ZONE";
            case SQLITE -> "TIMESTAMP WITH TIME ZONE";
            default -> "TIMESTAMP NULL";
        };
        // another applier may be creating it at the same moment: both statements tolerate it
        String zero = switch (dialect) {
            case POSTGRES -> "INSERT INTO " + quoted + " (version) VALUES (0) ON CONFLICT DO NOTHING";
            case SQLITE -> "INSERT OR IGNORE INTO " + quoted + " (version) VALUES (0)";
            default -> "INSERT IGNORE INTO " + quoted + " (version) VALUES (0)";
        };
        try (Statement statement = connection.createStatement()) {
            if (dialect == Dialect.POSTGRES && table.contains(".")) {
                statement.execute("CREATE SCHEMA IF NOT EXISTS " + dialect.quote(table.substring(0, table.indexOf('.'))));
            }
            statement.execute("CREATE TABLE IF NOT EXISTS " + quoted + " (version " + version + " PRIMARY KEY, name TEXT,"
                    + " md5 TEXT, run_at " + runAt + ")");
            statement.execute(zero);
        } catch (SQLException e) {
            if (!exists(connection)) { // PostgreSQL's IF NOT EXISTS can still lose a race for the catalog's row
                throw e;
            }
        }
    }

    /** The highest version applied; 0 before any, or when the table does not exist yet. */
    long current(Connection connection) throws SQLException {
        if (!exists(connection)) {
            return 0;
        }
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT MAX(version) FROM " + quoted)) {
            return rows.next() ? rows.getLong(1) : 0;
        }
    }

    Optional<String> checksum(Connection connection, long version) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT md5 FROM " + quoted + " WHERE version = ?")) {
            statement.setLong(1, version);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.ofNullable(rows.getString(1)) : Optional.empty();
            }
        }
    }

    void record(Connection connection, MigrationFile file, String checksum) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO " + quoted
                + " (version, name, md5, run_at) VALUES (?, ?, ?, ?)")) {
            statement.setLong(1, file.version());
            statement.setString(2, file.name());
            statement.setString(3, checksum);
            Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            switch (dialect) {
                case SQLITE -> statement.setString(4, SQLITE_TIME.format(now));
                case POSTGRES -> statement.setObject(4, OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
                default -> statement.setObject(4, now.atOffset(ZoneOffset.UTC).toLocalDateTime());
            }
            statement.executeUpdate();
        }
    }

    void forget(Connection connection, long version) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("DELETE FROM " + quoted + " WHERE version = ?")) {
            statement.setLong(1, version);
            statement.executeUpdate();
        }
    }
}
