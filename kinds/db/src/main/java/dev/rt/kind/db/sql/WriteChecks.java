package dev.rt.kind.db.sql;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows a restricted write leaves must still meet its checks: a caller may not insert a row it could not have
 * saved, nor move a row out of its reach (give it to another owner, say). Inside the write's transaction, the
 * written rows are counted again by their keys with the checks in the {@code WHERE}; one missing undoes the write.
 */
final class WriteChecks {
    private final EntityQueries queries;
    private final Entity entity;
    private final Dialect dialect;

    WriteChecks(EntityQueries queries, Dialect dialect) {
        this.queries = queries;
        this.entity = queries.entity();
        this.dialect = dialect;
    }

    /** The fields to read back: those asked, and the key, to find the rows again. */
    List<Field> withKeys(List<Field> fields) {
        List<Field> all = new ArrayList<>(fields);
        for (Field key : entity.primaryKeyFields()) {
            if (!all.contains(key)) {
                all.add(key);
            }
        }
        return all;
    }

    /** The row with the fields asked only. */
    Map<String, Object> strip(Map<String, Object> row, List<Field> fields) {
        if (fields.containsAll(entity.primaryKeyFields())) {
            return row;
        }
        Map<String, Object> asked = new LinkedHashMap<>(row);
        for (Field key : entity.primaryKeyFields()) {
            if (!fields.contains(key)) {
                asked.remove(key.name());
            }
        }
        return asked;
    }

    /** Refuses the write (its transaction then rolls back) when a written row no longer meets the checks. */
    void verify(Connection connection, Permission permission, List<Map<String, Object>> rows) throws SQLException {
        if (permission.checks().isEmpty() || rows.isEmpty()) {
            return;
        }
        List<Field> keys = entity.primaryKeyFields();
        Condition written;
        if (keys.size() == 1) {
            List<Object> values = new ArrayList<>();
            rows.forEach(row -> values.add(key(keys.get(0), row)));
            written = new Condition.Compare(keys.get(0), Operator.IN, values);
        } else {
            List<List<Condition>> branches = new ArrayList<>();
            for (Map<String, Object> row : rows) {
                List<Condition> branch = new ArrayList<>();
                keys.forEach(key -> branch.add(new Condition.Compare(key, Operator.EQ, key(key, row))));
                branches.add(branch);
            }
            written = new Condition.Or(branches);
        }
        long kept = queries.count(connection, permission.where(List.of(written)));
        if (kept != rows.size()) {
            throw new QueryException(permission.refusal(), Permission.UNAUTHORIZED, "operation not allowed: "
                    + permission.subject() + " as " + permission.caller() + " would leave a row its checks refuse");
        }
    }

    private Object key(Field key, Map<String, Object> row) {
        return InputValues.fromJson(key, row.get(key.name()), key.name(), dialect);
    }
}
