package dev.rt.kind.db.migrate;

import dev.rt.kind.KindException;
import dev.rt.kind.db.sql.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** Runs one migration file, statement by statement, and records it; a failure names the file, line and statement. */
final class MigrationRun {
    private final Dialect dialect;
    private final VersionsTable versions;
    private final MigrationFolder folder;

    MigrationRun(Dialect dialect, VersionsTable versions, MigrationFolder folder) {
        this.dialect = dialect;
        this.versions = versions;
        this.folder = folder;
    }

    void run(Connection connection, MigrationFile file) throws SQLException {
        List<ScriptSplitter.Statement> statements = ScriptSplitter.split(folder.text(file), dialect.isMySqlFamily());
        boolean transactional = Migrator.transactional(dialect);
        if (transactional) {
            connection.setAutoCommit(false);
        }
        int done = 0;
        try {
            try (Statement statement = connection.createStatement()) {
                for (ScriptSplitter.Statement sql : statements) {
                    try {
                        statement.execute(sql.text());
                    } catch (SQLException e) {
                        throw failure(file, sql, e, done, statements.size(), transactional);
                    }
                    done++;
                }
            }
            if (file.up()) {
                versions.record(connection, file, folder.checksum(file));
            } else {
                versions.forget(connection, file.version());
            }
            if (transactional) {
                connection.commit();
            }
        } catch (SQLException | RuntimeException e) {
            if (transactional) {
                connection.rollback();
            }
            throw e;
        } finally {
            if (transactional) {
                connection.setAutoCommit(true);
            }
        }
    }

    private KindException failure(MigrationFile file, ScriptSplitter.Statement sql, SQLException e, int done, int total,
            boolean transactional) {
        String statement = sql.text().length() > 200 ? sql.text().substring(0, 200) + "..." : sql.text();
        String outcome = transactional ? "the database rolled the whole file back; the migrations before it stay applied"
                : dialect.displayName() + " commits each statement at once: the " + done + " statement(s) of "
                        + file.fileName() + " before this one (of " + total + ") stay applied, and the version stays"
                        + " where it was; undo them by hand, fix the file, and apply again";
        return new KindException("Unable to apply migration " + file.fileName() + ": line " + sql.line() + ": "
                + e.getMessage().strip() + "\n  in: " + statement + "\n  " + outcome, e);
    }
}
