package dev.rt.kind.db.rest;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows as REST writes them: the entity's keys, and foreign keys to them, as strings ({@code "id":"1"}); the other
 * values as read.
 */
final class RestRows {
    private RestRows() {
    }

    static Map<String, Object> row(Entity entity, Map<String, Object> row) {
        Map<String, Object> out = new LinkedHashMap<>(row.size());
        for (Map.Entry<String, Object> e : row.entrySet()) {
            Object value = e.getValue();
            if (value instanceof Number n && entity.field(e.getKey()).filter(Field::writtenAsString).isPresent()) {
                value = n instanceof Double d && d == Math.rint(d) ? Long.toString(d.longValue()) : n.toString();
            }
            out.put(e.getKey(), value);
        }
        return out;
    }

    static List<Map<String, Object>> rows(Entity entity, List<Map<String, Object>> rows) {
        List<Map<String, Object>> out = new java.util.ArrayList<>(rows.size());
        for (Map<String, Object> row : rows) {
            out.add(row(entity, row));
        }
        return out;
    }
}
