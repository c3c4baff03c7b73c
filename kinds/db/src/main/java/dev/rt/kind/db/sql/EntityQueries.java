package dev.rt.kind.db.sql;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.constraint.Violations;
import dev.rt.kind.db.constraint.Violations.Write;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statements of one entity: find, count, insert, save (update by key, else insert), update many and delete,
 * each written for the dialect (rows returned by {@code RETURNING} where the database has it, read back otherwise).
 * Callers give already-checked values ({@link InputValues}) keyed by field; each method runs on the connection it is
 * given, so that several can share a transaction.
 */
public final class EntityQueries {
    private final Entity entity;
    private final Dialect dialect;
    private final Violations violations;
    private final WhereSql where;
    private final Timestamps timestamps;
    /** Every field's column, quoted, in order: what most statements select or return. */
    private final String allColumns;

    /** @param violations tells a constraint a write breaks in the entities' words */
    public EntityQueries(Entity entity, Dialect dialect, Violations violations) {
        this.entity = entity;
        this.dialect = dialect;
        this.violations = violations;
        this.where = new WhereSql(dialect);
        this.timestamps = new Timestamps(entity, dialect);
        this.allColumns = quoted(entity.fields());
    }

    public Entity entity() {
        return entity;
    }

    public List<Map<String, Object>> find(Connection connection, FindQuery query) throws SQLException {
        Sql sql = select(query.fields());
        Sql conditions = where.all(query.where());
        if (query.cursor().isPresent() && !query.cursor().get().isEmpty()) {
            Sql position = where.cursor(query.cursor().get(), query.orderBy(), query.backward());
            conditions = conditions.isEmpty() ? position : conditions.raw(" AND ").append(position);
        }
        if (!conditions.isEmpty()) {
            sql.raw(" WHERE ").append(conditions);
        }
        if (!query.orderBy().isEmpty()) {
            List<Sql> keys = new ArrayList<>();
            for (OrderBy order : query.orderBy()) {
                boolean descending = order.descending() != query.backward();
                keys.add(where.column(order.field()).raw(descending ? " DESC" : " ASC"));
            }
            sql.raw(" ORDER BY ").append(Sql.join(keys, ", "));
        }
        if (query.limit().isPresent()) {
            sql.raw(" LIMIT ").bind(query.limit().getAsLong());
            if (query.offset() > 0) {
                sql.raw(" OFFSET ").bind(query.offset());
            }
        }
        List<Map<String, Object>> rows = rows(connection, sql, query.fields());
        if (query.backward()) {
            java.util.Collections.reverse(rows);
        }
        return rows;
    }

    public long count(Connection connection, List<Condition> conditions) throws SQLException {
        Sql sql = new Sql().raw("SELECT COUNT(*) FROM " + table());
        Sql filter = where.all(conditions);
        if (!filter.isEmpty()) {
            sql.raw(" WHERE ").append(filter);
        }
        try (PreparedStatement statement = Statements.prepare(connection, sql); ResultSet rows = statement.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** Inserts one row and returns it, read back with the fields asked for. */
    public Map<String, Object> insert(Connection connection, Map<Field, Object> values, List<Field> asked)
            throws SQLException {
        List<Field> fields = ChangeRecords.withKey(connection, entity, asked);
        Map<String, Object> inserted;
        try {
            inserted = insertRow(connection, values, fields);
        } catch (SQLException e) {
            throw violations.explain(e, entity, Write.INSERT, values.keySet());
        }
        return ChangeRecords.record(connection, entity, false, List.of(inserted), asked).get(0);
    }

    private Map<String, Object> insertRow(Connection connection, Map<Field, Object> values, List<Field> fields)
            throws SQLException {
        Map<Field, Object> row = new LinkedHashMap<>(values);
        timestamps.onCreate(row);
        new KeyValues(entity, dialect).generateMissingUuid(row);
        Sql sql = new Sql().raw("INSERT INTO " + table());
        if (row.isEmpty()) {
            sql.raw(dialect.isMySqlFamily() ? " () VALUES ()" : " DEFAULT VALUES");
        } else {
            sql.raw(" (").raw(String.join(", ", row.keySet().stream().map(f -> dialect.quote(f.column())).toList()))
                    .raw(") VALUES (").append(Sql.join(row.values().stream().map(v -> new Sql().bind(v)).toList(), ", "))
                    .raw(")");
        }
        if (dialect.insertReturning()) {
            List<Map<String, Object>> inserted = rows(connection, returning(sql, fields), fields);
            return inserted.get(0);
        }
        return new KeyValues(entity, dialect).insertAndReadBack(connection, this, sql, row, fields);
    }

    /** Updates the row with the key in {@code values}; empty when there is no such row. */
    public java.util.Optional<Map<String, Object>> updateByKey(Connection connection, Map<Field, Object> values,
            List<Field> asked) throws SQLException {
        return updateByKey(connection, values, asked, List.of());
    }

    /** Updates the row with the key in {@code values} if it also meets {@code checks}; empty when there is none. */
    public java.util.Optional<Map<String, Object>> updateByKey(Connection connection, Map<Field, Object> values,
            List<Field> asked, List<Condition> checks) throws SQLException {
        List<Field> fields = ChangeRecords.withKey(connection, entity, asked);
        java.util.Optional<Map<String, Object>> updated;
        try {
            updated = updateRowByKey(connection, values, fields, checks);
        } catch (SQLException e) {
            Map<Field, Object> changes = new LinkedHashMap<>(values);
            entity.primaryKeyFields().forEach(changes::remove);
            throw violations.explain(e, entity, Write.UPDATE, changes.keySet());
        }
        if (updated.isPresent()) {
            ChangeRecords.record(connection, entity, false, List.of(updated.get()), asked);
        }
        return updated;
    }

    private java.util.Optional<Map<String, Object>> updateRowByKey(Connection connection, Map<Field, Object> values,
            List<Field> fields, List<Condition> checks) throws SQLException {
        Map<Field, Object> changes = new LinkedHashMap<>(values);
        List<Condition> byKey = new ArrayList<>();
        for (Field key : entity.primaryKeyFields()) {
            byKey.add(new Condition.Compare(key, Operator.EQ, changes.remove(key)));
        }
        byKey.addAll(checks);
        if (changes.isEmpty()) {
            List<Map<String, Object>> found = find(connection, FindQuery.all(fields, byKey));
            return found.stream().findFirst();
        }
        timestamps.onUpdate(changes);
        List<Map<String, Object>> updated = update(connection, changes, byKey, fields);
        return updated.stream().findFirst();
    }

    /** Updates the rows that match; {@code conditions} may not be empty. */
    public List<Map<String, Object>> updateMany(Connection connection, Map<Field, Object> values,
            List<Condition> conditions, List<Field> asked) throws SQLException {
        List<Field> fields = ChangeRecords.withKey(connection, entity, asked);
        List<Map<String, Object>> updated;
        try {
            updated = updateRows(connection, values, conditions, fields);
        } catch (SQLException e) {
            throw violations.explain(e, entity, Write.UPDATE, values.keySet());
        }
        return ChangeRecords.record(connection, entity, false, updated, asked);
    }

    private List<Map<String, Object>> updateRows(Connection connection, Map<Field, Object> values,
            List<Condition> conditions, List<Field> fields) throws SQLException {
        if (conditions.isEmpty()) {
            throw QueryException.badRequest("PLT_SQL_MAPPER_MISSING_WHERE_CLAUSE", "Missing where clause");
        }
        Map<Field, Object> changes = new LinkedHashMap<>(values);
        timestamps.onUpdate(changes);
        if (changes.isEmpty()) {
            return find(connection, FindQuery.all(fields, conditions));
        }
        return update(connection, changes, conditions, fields);
    }

    private List<Map<String, Object>> update(Connection connection, Map<Field, Object> changes,
            List<Condition> conditions, List<Field> fields) throws SQLException {
        List<Sql> assignments = new ArrayList<>();
        changes.forEach((field, value) -> assignments.add(new Sql().raw(dialect.quote(field.column()) + " = ").bind(value)));
        Sql sql = new Sql().raw("UPDATE " + table() + " SET ").append(Sql.join(assignments, ", ")).raw(" WHERE ")
                .append(where.all(conditions));
        if (dialect.updateReturning()) {
            return rows(connection, returning(sql, fields), fields);
        }
        return new KeyValues(entity, dialect).updateAndReadBack(connection, this, sql, changes, conditions, fields);
    }

    /** Deletes the rows that match and returns them as they were. */
    public List<Map<String, Object>> delete(Connection connection, List<Condition> conditions, List<Field> asked)
            throws SQLException {
        List<Field> fields = ChangeRecords.forDelete(connection, entity, asked);
        List<Map<String, Object>> deleted;
        try {
            deleted = deleteRows(connection, conditions, fields);
        } catch (SQLException e) {
            throw violations.explain(e, entity, Write.DELETE, List.of());
        }
        return ChangeRecords.record(connection, entity, true, deleted, asked);
    }

    private List<Map<String, Object>> deleteRows(Connection connection, List<Condition> conditions,
            List<Field> fields) throws SQLException {
        Sql sql = new Sql().raw("DELETE FROM " + table());
        Sql filter = where.all(conditions);
        if (!filter.isEmpty()) {
            sql.raw(" WHERE ").append(filter);
        }
        if (dialect.deleteReturning()) {
            return rows(connection, returning(sql, fields), fields);
        }
        List<Map<String, Object>> doomed = find(connection, FindQuery.all(fields, conditions));
        execute(connection, sql);
        return doomed;
    }

    Sql select(List<Field> fields) {
        return new Sql().raw("SELECT " + columns(fields) + " FROM " + table());
    }

    private Sql returning(Sql sql, List<Field> fields) {
        return fields.isEmpty() ? sql : sql.raw(" RETURNING " + columns(fields));
    }

    List<Map<String, Object>> rows(Connection connection, Sql sql, List<Field> fields) throws SQLException {
        try (PreparedStatement statement = Statements.prepare(connection, sql)) {
            if (fields.isEmpty()) {
                statement.execute();
                return new ArrayList<>(List.of(new LinkedHashMap<>()));
            }
            try (ResultSet rows = statement.executeQuery()) {
                return Rows.read(rows, fields, dialect);
            }
        }
    }

    static int execute(Connection connection, Sql sql) throws SQLException {
        try (PreparedStatement statement = Statements.prepare(connection, sql)) {
            return statement.executeUpdate();
        }
    }

    private String columns(List<Field> fields) {
        return fields == entity.fields() || fields.equals(entity.fields()) ? allColumns : quoted(fields);
    }

    private String quoted(List<Field> fields) {
        StringBuilder columns = new StringBuilder();
        for (Field field : fields) {
            if (columns.length() > 0) {
                columns.append(", ");
            }
            columns.append(dialect.quote(field.column()));
        }
        return columns.toString();
    }

    String table() {
        return dialect.quote(entity.table());
    }
}
