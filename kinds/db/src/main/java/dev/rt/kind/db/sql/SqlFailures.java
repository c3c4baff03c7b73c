package dev.rt.kind.db.sql;

import dev.rt.kind.db.constraint.ConstraintViolation;
import dev.rt.kind.db.constraint.DriverMessage;
import dev.rt.kind.db.constraint.Violation;
import dev.rt.kind.db.constraint.Violations;
import java.sql.SQLException;

/**
 * What a database error means for the client, with a stable code whatever the database. A broken constraint is the
 * client's: its kind's status and code ({@code RT_DB_CONSTRAINT_FOREIGNKEY} 409, {@code RT_DB_CONSTRAINT_UNIQUE}
 * 409, {@code RT_DB_CONSTRAINT_NOTNULL} 400, {@code RT_DB_CONSTRAINT_CHECK} 400), told in the entities' words when
 * the write that broke it is known ({@link ConstraintViolation}), else in the database's; another integrity
 * constraint (a PostgreSQL exclusion constraint) is a 409 {@code RT_DB_CONSTRAINT}. A value the column cannot
 * take (SQL state class 22, SQLite's datatype mismatch) is the client's too: 400 {@code RT_DB_INVALID_VALUE}. Anything else is a
 * 500 {@code RT_DB_ERROR}, as for every route the application did not write. Messages are the driver's without its
 * prefixes ({@link DriverMessage}).
 */
public final class SqlFailures {
    static final String CONSTRAINT = "RT_DB_CONSTRAINT";
    static final String INVALID_VALUE = "RT_DB_INVALID_VALUE";
    static final String ERROR = "RT_DB_ERROR";

    private SqlFailures() {
    }

    public static QueryException of(SQLException e) {
        if (e instanceof ConstraintViolation violation) {
            return new QueryException(violation.kind().status(), violation.kind().code(), violation.getMessage());
        }
        var violation = Violation.of(e);
        if (violation.isPresent()) {
            return new QueryException(violation.get().kind().status(), violation.get().kind().code(),
                    Violations.describe(violation.get()));
        }
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String message = DriverMessage.of(e);
        if (state.startsWith("23")) {
            return new QueryException(409, CONSTRAINT, message);
        }
        int vendor = e.getErrorCode();
        if (state.startsWith("22") || state.equals("HY000") && vendor >= 1264 && vendor <= 1366
                || message.contains("datatype mismatch")) {
            return new QueryException(400, INVALID_VALUE, message);
        }
        return new QueryException(500, ERROR, message);
    }
}
