package dev.rt.kind.db.constraint;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;

/**
 * A write that broke a constraint, told in the entities' words: still an {@link SQLException} of the integrity
 * class, with the driver's SQL state, error code and exception (its cause), so that a plugin or a seed that catches
 * the driver's exceptions keeps working; the REST routes and GraphQL answer it with its kind's status and code.
 */
public final class ConstraintViolation extends SQLIntegrityConstraintViolationException {
    private static final long serialVersionUID = 1L;

    private final ConstraintKind kind;

    ConstraintViolation(ConstraintKind kind, String message, SQLException reported) {
        super(message, reported.getSQLState(), reported.getErrorCode(), reported);
        this.kind = kind;
    }

    public ConstraintKind kind() {
        return kind;
    }
}
