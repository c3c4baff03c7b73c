package dev.rt.kind.db.rest;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import java.util.List;
import java.util.Map;

/**
 * Rows as REST writes them: the entity's keys, and foreign keys to them, as strings ({@code "id":"1"}); the other
 * values as read. The rows are this request's own, just read: they are changed in place, keeping their order,
 * rather than copied.
 */
final class RestRows {
    private RestRows() {
    }

    static Map<String, Object> row(Entity entity, Map<String, Object> row) {
        for (Field field : entity.fields()) {
            if (field.writtenAsString() && row.get(field.name()) instanceof Number n) {
                row.put(field.name(), n instanceof Double d && d == Math.rint(d) ? Long.toString(d.longValue())
                        : n.toString());
            }
        }
        return row;
    }

    static List<Map<String, Object>> rows(Entity entity, List<Map<String, Object>> rows) {
        for (Map<String, Object> row : rows) {
            row(entity, row);
        }
        return rows;
    }
}
