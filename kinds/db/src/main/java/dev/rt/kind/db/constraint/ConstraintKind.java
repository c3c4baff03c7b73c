package dev.rt.kind.db.constraint;

/**
 * The constraints a write can break, each with the status and the stable code clients see on every database (the
 * reference answers these with its driver's code, {@code SQLITE_CONSTRAINT_FOREIGNKEY} on SQLite and another on
 * PostgreSQL, and a 500). A conflict with rows already stored is a 409; a value the table refuses by itself, a 400.
 */
public enum ConstraintKind {
    /** A row refers to one that does not exist, or a row still referred to is deleted or rekeyed. */
    FOREIGN_KEY(409, "RT_DB_CONSTRAINT_FOREIGNKEY"),
    /** Another row has the same value of a unique key or the primary key. */
    UNIQUE(409, "RT_DB_CONSTRAINT_UNIQUE"),
    /** A column that cannot be null is null, or left out without a default. */
    NOT_NULL(400, "RT_DB_CONSTRAINT_NOTNULL"),
    /** A {@code CHECK} constraint refuses the row. */
    CHECK(400, "RT_DB_CONSTRAINT_CHECK");

    private final int status;
    private final String code;

    ConstraintKind(int status, String code) {
        this.status = status;
        this.code = code;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }
}
