package dev.rt.kind.db.sql;

import dev.rt.kind.db.model.Field;
import java.util.Objects;

/** One sort key: a field, ascending or descending. */
public record OrderBy(Field field, boolean descending) {
    public OrderBy {
        Objects.requireNonNull(field, "field");
    }

    public String direction() {
        return descending ? "desc" : "asc";
    }
}
