package dev.rt.kind.db.connect;

import dev.rt.kind.KindException;
import java.sql.SQLException;

/** Why a database could not be opened, said for a person: unreachable, credentials refused, or something else. */
final class ConnectionFailure {
    private ConnectionFailure() {
    }

    static KindException describe(ConnectionString connectionString, String owner, Throwable failure) {
        SQLException sql = sqlCause(failure);
        String state = sql == null || sql.getSQLState() == null ? "" : sql.getSQLState();
        String detail = connectionString.maskIn(rootMessage(failure));
        if (state.startsWith("28") || (sql != null && sql.getErrorCode() == 1045)) {
            return new KindException("the database refused the credentials of " + owner + " (" + connectionString
                    + "): " + detail + "; check the user and password in db.connectionString");
        }
        if (state.equals("3D000") || (sql != null && sql.getErrorCode() == 1049)) {
            return new KindException(owner + " names a database that does not exist (" + connectionString + "): "
                    + detail + "; create it, or fix db.connectionString");
        }
        if (state.startsWith("08") || state.isEmpty()) {
            return new KindException(owner + " cannot reach its database " + connectionString + ": " + detail
                    + "; check that the server runs and that db.connectionString names its host and port");
        }
        return new KindException(owner + " cannot open its database " + connectionString + ": " + detail);
    }

    private static SQLException sqlCause(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException e) {
                return e;
            }
        }
        return null;
    }

    private static String rootMessage(Throwable failure) {
        String message = failure.getMessage();
        for (Throwable t = failure.getCause(); t != null && (message == null || message.isBlank()); t = t.getCause()) {
            message = t.getMessage();
        }
        return message == null ? failure.getClass().getSimpleName() : message.strip();
    }
}
