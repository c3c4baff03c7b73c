package dev.rt.kind.db.model;

import java.util.List;
import java.util.Objects;

/**
 * A table or a view as the database's catalogue describes it: what a schema lock file keeps.
 *
 * @param primaryKey the primary key's columns in key order; empty when there is none
 * @param unique     single-column unique constraints, in order: a table without a primary key may use the first
 */
public record TableInfo(String name, boolean view, List<ColumnInfo> columns, List<String> primaryKey,
        List<ForeignKeyInfo> foreignKeys, List<String> unique) {
    public TableInfo {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        foreignKeys = List.copyOf(foreignKeys);
        unique = List.copyOf(unique);
    }
}
