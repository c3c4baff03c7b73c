package dev.rt.kind.db.model;

import java.util.Objects;

/** A single-column foreign key: {@code column} refers to {@code foreignColumn} of {@code foreignTable}. */
public record ForeignKeyInfo(String column, String foreignTable, String foreignColumn) {
    public ForeignKeyInfo {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(foreignTable, "foreignTable");
        Objects.requireNonNull(foreignColumn, "foreignColumn");
    }
}
