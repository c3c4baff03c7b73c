package dev.rt.kind.db.sql;

import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link EntityQueries} does for a {@link ChangeSink}: reads each written row's key even when the caller did not
 * ask for it, tells the sink, and gives the caller the fields it asked for. On any other connection it does nothing.
 * Entities without a single-column primary key have no change events.
 */
final class ChangeRecords {
    private ChangeRecords() {
    }

    /** The fields to read back: those asked for, and the key when the connection records changes. */
    static List<Field> withKey(Connection connection, Entity entity, List<Field> asked) {
        if (!(connection instanceof ChangeSink) || entity.primaryKeyFields().size() != 1
                || asked.contains(entity.primaryKeyFields().get(0))) {
            return asked;
        }
        List<Field> fields = new ArrayList<>(asked);
        fields.add(entity.primaryKeyFields().get(0));
        return fields;
    }

    /** The fields a delete reads back: every field when the connection records changes (the events carry the row). */
    static List<Field> forDelete(Connection connection, Entity entity, List<Field> asked) {
        return connection instanceof ChangeSink && entity.primaryKeyFields().size() == 1 ? entity.fields() : asked;
    }

    /** Tells the sink about the rows, and returns them with the fields the caller asked for only. */
    static List<Map<String, Object>> record(Connection connection, Entity entity, boolean deleted,
            List<Map<String, Object>> rows, List<Field> asked) throws SQLException {
        if (!(connection instanceof ChangeSink sink) || entity.primaryKeyFields().size() != 1 || rows.isEmpty()) {
            return rows;
        }
        Field key = entity.primaryKeyFields().get(0);
        List<Object> keys = new ArrayList<>();
        List<Map<String, Object>> deletedRows = new ArrayList<>();
        Set<String> names = new HashSet<>();
        asked.forEach(f -> names.add(f.name()));
        for (Map<String, Object> row : rows) {
            Object value = row.get(key.name());
            if (value != null) {
                keys.add(value instanceof Number || value instanceof String ? value : String.valueOf(value));
                if (deleted) {
                    deletedRows.add(new LinkedHashMap<>(row));
                }
            }
            if (row.size() > names.size() || !names.containsAll(row.keySet())) {
                row.keySet().retainAll(names);
            }
        }
        sink.changed(entity.singularName(), deleted, keys, deletedRows);
        return rows;
    }
}
