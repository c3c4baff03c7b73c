package dev.rt.kind.db.sql;

import java.sql.Connection;
import java.sql.SQLException;

/** Runs work in a transaction on a connection, unless the caller already holds one open there. */
public final class Transactions {
    /** Work on a connection that may throw {@link SQLException}. */
    public interface Work<T> {
        T run() throws SQLException;
    }

    private Transactions() {
    }

    public static <T> T run(Connection connection, Work<T> work) throws SQLException {
        if (!connection.getAutoCommit()) {
            return work.run();
        }
        connection.setAutoCommit(false);
        try {
            T result = work.run();
            connection.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException rollbackFailed) {
                e.addSuppressed(rollbackFailed);
            }
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }
}
