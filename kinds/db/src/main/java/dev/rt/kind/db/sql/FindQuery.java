package dev.rt.kind.db.sql;

import dev.rt.kind.db.model.Field;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What to read: which fields, which rows, in which order, which page.
 *
 * @param fields   the fields to read, in the entity's order
 * @param limit    the page size, already checked against the configured maximum; empty reads every row
 * @param cursor   keyset pagination: the sort keys' values of the row to start after (or end before)
 * @param backward whether {@code cursor} is one to end before
 */
public record FindQuery(List<Field> fields, List<Condition> where, List<OrderBy> orderBy, OptionalLong limit,
        long offset, Optional<Map<Field, Object>> cursor, boolean backward) {
    public FindQuery {
        fields = List.copyOf(fields);
        where = List.copyOf(where);
        orderBy = List.copyOf(orderBy);
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(cursor, "cursor");
    }

    public static FindQuery all(List<Field> fields, List<Condition> where) {
        return new FindQuery(fields, where, List.of(), OptionalLong.empty(), 0, Optional.empty(), false);
    }
}
