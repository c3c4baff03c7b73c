package dev.rt.kind.db.model;

import java.util.List;
import java.util.Objects;

/**
 * A column as the API shows it.
 *
 * @param column        the column's name in SQL
 * @param name          the field's name in the API: the column's name in camel case
 * @param sqlType       the type's name (see {@link ColumnInfo#sqlType()})
 * @param stamp         filled in by rt on create ({@code createdAt}) or on every write ({@code updatedAt})
 * @param foreignKey    refers to a row of another entity
 * @param referencesKey refers to that entity's primary key: like a primary key, its values are written as strings
 */
public record Field(String column, String name, String sqlType, JsonType jsonType, Temporal temporal, boolean nullable,
        boolean primaryKey, boolean generated, boolean hasDefault, boolean array, List<String> enumValues, boolean json,
        Stamp stamp, boolean foreignKey, boolean referencesKey) {
    public Field {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sqlType, "sqlType");
        Objects.requireNonNull(jsonType, "jsonType");
        Objects.requireNonNull(temporal, "temporal");
        enumValues = List.copyOf(enumValues);
        Objects.requireNonNull(stamp, "stamp");
    }

    /** Which auto-timestamp a field is, if any. */
    public enum Stamp {
        NONE, CREATED, UPDATED
    }

    public boolean autoTimestamp() {
        return stamp != Stamp.NONE;
    }

    /** Whether REST writes its numeric values as strings: the keys, which clients only compare and send back. */
    public boolean writtenAsString() {
        return (primaryKey || referencesKey) && (jsonType == JsonType.INTEGER || jsonType == JsonType.NUMBER);
    }

    Field withKeys(boolean isPrimaryKey, boolean isForeignKey, boolean isReferencingKey) {
        return new Field(column, name, sqlType, jsonType, temporal, nullable && !isPrimaryKey, isPrimaryKey, generated,
                hasDefault, array, enumValues, json, stamp, isForeignKey, isReferencingKey);
    }
}
