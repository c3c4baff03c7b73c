package dev.rt.kind.db.migrate;

import dev.rt.kind.KindException;
import dev.rt.kind.KindLog;
import dev.rt.kind.db.connect.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Runs one migration file, statement by statement, and records it, in one transaction under the migration lock: a
 * failure rolls the file back and names the file, line and statement. The MySQL family commits at each schema change, which no transaction
 * undoes: what ran up to the last one stays, and the error says so.
 */
final class MigrationRun {
    private static final java.util.regex.Pattern SCHEMA_CHANGE = java.util.regex.Pattern.compile(
            "\\s*(CREATE|ALTER|DROP|RENAME|TRUNCATE|GRANT|REVOKE)\\b", java.util.regex.Pattern.CASE_INSENSITIVE);

    private final Dialect dialect;
    private final VersionsTable versions;
    private final MigrationFolder folder;
    private final KindLog log;

    MigrationRun(Dialect dialect, VersionsTable versions, MigrationFolder folder, KindLog log) {
        this.dialect = dialect;
        this.versions = versions;
        this.folder = folder;
        this.log = log;
    }

    /**
     * Runs the file when the database is still at {@code expected}, the version the plan was made from, once this
     * applier holds the migration lock.
     *
     * @return whether it ran; false when another applier moved the version meanwhile (nothing was changed)
     */
    boolean run(Connection connection, MigrationFile file, long expected) throws SQLException {
        List<ScriptSplitter.Statement> statements;
        try {
            statements = ScriptSplitter.split(folder.text(file), dialect);
        } catch (ScriptSplitter.ScriptException e) {
            throw new KindException("Unable to apply migration " + file.fileName() + ": line " + e.line() + ": "
                    + e.getMessage() + "; nothing of it ran");
        }
        MigrationLock lock = versions.lock();
        lock.acquire(connection);
        try {
            connection.setAutoCommit(false);
            try {
                lock.claim(connection);
                if (versions.current(connection) != expected) {
                    connection.rollback();
                    return false;
                }
                log.info("running " + file.fileName());
                execute(connection, file, statements);
                connection.commit();
                return true;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } finally {
            lock.release(connection);
        }
    }

    private void execute(Connection connection, MigrationFile file, List<ScriptSplitter.Statement> statements)
            throws SQLException {
        int done = 0;
        int committed = 0;
        try (Statement statement = connection.createStatement()) {
            for (ScriptSplitter.Statement sql : statements) {
                try {
                    statement.execute(sql.text());
                } catch (SQLException e) {
                    throw failure(file, sql, e, committed, statements.size());
                }
                done++;
                if (dialect.isMySqlFamily() && SCHEMA_CHANGE.matcher(sql.text()).lookingAt()) {
                    committed = done; // the MySQL family commits before and after a schema change
                }
            }
        }
        if (file.up()) {
            versions.record(connection, file, folder.checksum(file));
        } else {
            versions.forget(connection, file.version());
        }
    }

    private KindException failure(MigrationFile file, ScriptSplitter.Statement sql, SQLException e, int committed,
            int total) {
        String statement = sql.text().length() > 200 ? sql.text().substring(0, 200) + "..." : sql.text();
        String outcome = committed == 0
                ? "the database rolled the whole file back; the migrations before it stay applied"
                : dialect.displayName() + " commits at each schema change (CREATE, ALTER, DROP...): the first "
                        + committed + " statement(s) of " + file.fileName() + " (of " + total + "), up to its last"
                        + " schema change before this one, stay applied, and the version stays where it was; undo"
                        + " them by hand, fix the file, and apply again";
        return new KindException("Unable to apply migration " + file.fileName() + ": line " + sql.line() + ": "
                + e.getMessage().strip() + "\n  in: " + statement + "\n  " + outcome, e);
    }
}
