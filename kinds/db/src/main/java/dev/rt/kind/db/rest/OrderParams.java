package dev.rt.kind.db.rest;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.OrderBy;
import dev.rt.kind.db.sql.QueryException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code orderby.<field>=asc|desc}, repeatable, applied in the order given. */
final class OrderParams {
    private OrderParams() {
    }

    static List<OrderBy> parse(Entity entity, Map<String, List<String>> query) {
        List<OrderBy> order = new ArrayList<>();
        for (Map.Entry<String, List<String>> param : query.entrySet()) {
            String key = param.getKey();
            if (!key.startsWith("orderby.")) {
                continue;
            }
            String name = key.substring("orderby.".length());
            Field field = entity.field(name).filter(f -> !f.array()).orElseThrow(() -> QueryException.invalid(
                    "querystring/" + key + ": unknown field \"" + name + "\" of " + entity.name() + "; its fields are "
                            + String.join(", ", entity.fieldNames())));
            for (String direction : param.getValue()) {
                if (!direction.equals("asc") && !direction.equals("desc")) {
                    throw QueryException.invalid("querystring/" + key + " must be equal to one of the allowed values"
                            + " (asc, desc)");
                }
                order.add(new OrderBy(field, direction.equals("desc")));
            }
        }
        return order;
    }
}
