package dev.rt.kind.db.sql;

import java.sql.SQLException;

/**
 * What a database error means for the client. A value the database cannot take (SQL state class 22) or a broken
 * constraint (class 23) is the client's mistake: 400, or 409 for a duplicate key. Anything else is a 500 that
 * carries the driver's message, as for every route the application did not write.
 */
public final class SqlFailures {
    private SqlFailures() {
    }

    public static QueryException of(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String message = e.getMessage() == null ? e.toString() : e.getMessage().strip();
        String code = state.isEmpty() ? "RT_DB_ERROR" : state;
        int vendor = e.getErrorCode();
        boolean duplicate = state.equals("23505") || vendor == 1062 || vendor == 2067 || vendor == 1555
                || message.contains("UNIQUE constraint failed");
        if (duplicate) {
            return new QueryException(409, code, message);
        }
        boolean constraint = state.startsWith("23") || vendor == 1048 || vendor == 1451 || vendor == 1452
                || message.contains("constraint failed") || message.contains("datatype mismatch");
        if (state.startsWith("22") || state.equals("HY000") && vendor >= 1264 && vendor <= 1366 || constraint) {
            return new QueryException(400, code, message);
        }
        return new QueryException(500, code, message);
    }
}
