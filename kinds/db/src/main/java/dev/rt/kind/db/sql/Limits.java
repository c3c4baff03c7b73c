package dev.rt.kind.db.sql;

import java.util.OptionalLong;

/** {@code db.limit}: the page size when none is asked for, and the largest one may ask for. */
public record Limits(long defaultLimit, long max) {
    public static final Limits DEFAULT = new Limits(10, 100);

    public Limits {
        if (defaultLimit < 0 || max < 0) {
            throw new IllegalArgumentException("limits are not negative");
        }
    }

    /** The page size to use, refusing one above the maximum or below zero. */
    public long check(OptionalLong asked) {
        long limit = asked.orElse(defaultLimit);
        if (limit > max) {
            throw QueryException.badRequest("PLT_SQL_MAPPER_PARAM_LIMIT_NOT_ALLOWED",
                    "Param limit=" + limit + " not allowed. Max accepted value " + max + ".");
        }
        if (limit < 0) {
            throw QueryException.badRequest("PLT_SQL_MAPPER_PARAM_LIMIT_MUST_BE_NOT_NEGATIVE",
                    "Param limit=" + limit + " not allowed. It must be a not negative value.");
        }
        return limit;
    }

    /** An offset, refusing one below zero. */
    public static long checkOffset(OptionalLong asked) {
        long offset = asked.orElse(0);
        if (offset < 0) {
            throw QueryException.badRequest("PLT_SQL_MAPPER_PARAM_NOT_ALLOWED",
                    "Param offset=" + offset + " not allowed. It must be not negative value.");
        }
        return offset;
    }
}
