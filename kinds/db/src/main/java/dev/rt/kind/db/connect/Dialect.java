package dev.rt.kind.db.connect;

/**
 * What differs between the databases rt speaks to: identifier quoting, which statements can return rows, how an
 * upsert is written, and whether {@code ILIKE} exists.
 */
public enum Dialect {
    SQLITE("SQLite", '"', true, true, true, false),
    POSTGRES("PostgreSQL", '"', true, true, true, true),
    /** MariaDB 10.5 and later: {@code INSERT} and {@code DELETE} return rows, {@code UPDATE} does not. */
    MARIADB("MariaDB", '`', true, false, true, false),
    MYSQL("MySQL", '`', false, false, false, false);

    private final String displayName;
    private final char quote;
    private final boolean insertReturning;
    private final boolean updateReturning;
    private final boolean deleteReturning;
    private final boolean ilike;

    Dialect(String displayName, char quote, boolean insertReturning, boolean updateReturning, boolean deleteReturning,
            boolean ilike) {
        this.displayName = displayName;
        this.quote = quote;
        this.insertReturning = insertReturning;
        this.updateReturning = updateReturning;
        this.deleteReturning = deleteReturning;
        this.ilike = ilike;
    }

    public String displayName() {
        return displayName;
    }

    /** An identifier, quoted, with any quote character inside doubled: no name ever ends a quoted identifier. */
    public String quote(String identifier) {
        String q = String.valueOf(quote);
        return q + identifier.replace(q, q + q) + q;
    }

    public boolean insertReturning() {
        return insertReturning;
    }

    public boolean updateReturning() {
        return updateReturning;
    }

    public boolean deleteReturning() {
        return deleteReturning;
    }

    /** Whether {@code ILIKE} exists; elsewhere {@code LIKE} stands in (case-insensitive there by default). */
    public boolean ilike() {
        return ilike;
    }

    public boolean isMySqlFamily() {
        return this == MARIADB || this == MYSQL;
    }
}
