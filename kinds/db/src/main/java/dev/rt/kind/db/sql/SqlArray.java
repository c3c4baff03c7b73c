package dev.rt.kind.db.sql;

import java.util.List;

/** A PostgreSQL array value to bind: its element type's name ({@code text}, {@code int4}) and its elements. */
public record SqlArray(String elementType, List<Object> elements) {
    public SqlArray {
        elements = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(elements));
    }
}
