package dev.rt.kind.db.model;

import java.util.List;
import java.util.Objects;

/**
 * A column as the database's catalogue describes it, before any configuration applies.
 *
 * @param sqlType    the type's name, lower case, without its size: {@code int4}, {@code varchar}, {@code timestamp}
 * @param generated  computed by the database, never written ({@code GENERATED ALWAYS AS ...})
 * @param hasDefault the database fills it in when an insert leaves it out (a default, a sequence, an auto-increment)
 * @param array      a PostgreSQL array of {@code sqlType}
 * @param enumValues the values of an enumerated type, in order; empty for other types
 * @param json       holds JSON (a JSON type, or MariaDB's text checked by {@code json_valid})
 */
public record ColumnInfo(String name, String sqlType, boolean nullable, boolean generated, boolean hasDefault,
        boolean array, List<String> enumValues, boolean json) {
    public ColumnInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sqlType, "sqlType");
        enumValues = List.copyOf(enumValues);
    }
}
