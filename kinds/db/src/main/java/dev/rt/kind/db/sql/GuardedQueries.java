package dev.rt.kind.db.sql;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One entity's statements as one caller may run them: every read, count and write of the REST routes, GraphQL,
 * change events and plugins goes through here with the caller's {@link Access}. A restricted caller's checks join
 * the statement's {@code WHERE} (bound values, never text), so that pages, counts, cursors, bulk updates and deletes
 * only ever see the rows it may touch; the fields it asks for, filters and sorts on, and writes must be permitted;
 * a write whose rows would no longer meet the checks is undone ({@link WriteChecks}). For {@link Access#SYSTEM}
 * the statements run as they are.
 */
public final class GuardedQueries {
    private final EntityQueries queries;
    private final Access access;
    private final Entity entity;
    private final WriteChecks writes;
    private final Dialect dialect;
    private final Permission[] permissions = new Permission[Operation.values().length];

    public GuardedQueries(EntityQueries queries, Access access, Dialect dialect) {
        this.queries = queries;
        this.access = access;
        this.entity = queries.entity();
        this.writes = new WriteChecks(queries, dialect);
        this.dialect = dialect;
    }

    public Entity entity() {
        return entity;
    }

    /** What the caller may do in this operation; refused (401 or 403) when nothing. */
    public Permission permission(Operation operation) {
        Permission permission = permissions[operation.ordinal()];
        if (permission == null) {
            permission = access.permit(entity, operation);
            permissions[operation.ordinal()] = permission;
        }
        return permission;
    }

    /**
     * The fields an operation answers with when the caller names none: all those it may touch and read (a write's
     * answer shows rows: it never shows a field {@code find} does not list).
     */
    public List<Field> visible(Operation operation) {
        List<Field> fields = permission(operation).visible(entity.fields());
        if (operation == Operation.FIND) {
            return fields;
        }
        List<Field> readable = readable();
        return fields.stream().filter(readable::contains).toList();
    }

    /** The fields the caller may read: those of {@code find}, or the key alone when it may not find. */
    private List<Field> readable() {
        try {
            return permission(Operation.FIND).visible(entity.fields());
        } catch (QueryException e) {
            return entity.primaryKeyFields();
        }
    }

    /** Refuses a write's answer that would show a field the caller may not read. */
    private void answers(Permission write, Collection<Field> exposed) {
        List<Field> readable = readable();
        for (Field field : exposed) {
            if (!readable.contains(field)) {
                throw new QueryException(write.refusal(), Permission.FIELD_UNAUTHORIZED, "field not allowed: "
                        + field.name() + " (find " + entity.singularName() + ", in the answer of " + write.subject()
                        + ")");
            }
        }
    }

    /** The write a row's values make: a save by key when they hold the whole key, else an insert. */
    public Operation writeOf(Map<Field, Object> values) {
        boolean keyed = !entity.primaryKey().isEmpty()
                && entity.primaryKeyFields().stream().allMatch(k -> values.get(k) != null);
        return keyed ? Operation.SAVE : Operation.INSERT;
    }

    public List<Map<String, Object>> find(Connection connection, FindQuery query) throws SQLException {
        return find(connection, query, query.fields());
    }

    /**
     * @param exposed the fields the answer shows (the query may read more: the keys its relations start from)
     */
    public List<Map<String, Object>> find(Connection connection, FindQuery query, Collection<Field> exposed)
            throws SQLException {
        Permission permission = permission(Operation.FIND);
        if (permission.unrestricted()) {
            return queries.find(connection, query);
        }
        permission.touch(exposed);
        permission.filter(query.where(), query.orderBy());
        query.cursor().ifPresent(cursor -> permission.touch(cursor.keySet()));
        return queries.find(connection, new FindQuery(query.fields(), permission.where(query.where()),
                query.orderBy(), query.limit(), query.offset(), query.cursor(), query.backward()));
    }

    /**
     * Whether the caller could have found a row that is gone (a deleted row, as its change event carries it): the
     * only judgement not made by a statement's {@code WHERE} ({@link RowMatch}).
     *
     * @param row the row's fields as JSON values; the caller must be allowed to see {@code exposed}
     */
    public boolean couldFind(Map<String, Object> row, Collection<Field> exposed) {
        Permission permission = permission(Operation.FIND);
        permission.touch(exposed);
        return permission.checks().isEmpty() || RowMatch.meets(permission.checks(), row, dialect);
    }

    public long count(Connection connection, List<Condition> where) throws SQLException {
        Permission permission = permission(Operation.FIND);
        permission.filter(where, List.of());
        return queries.count(connection, permission.where(where));
    }

    /** Updates the row by its key when {@code values} hold it all, else inserts (see {@link #writeOf}). */
    public Map<String, Object> save(Connection connection, Map<Field, Object> values, List<Field> fields,
            Collection<Field> exposed) throws SQLException {
        if (writeOf(values) == Operation.INSERT) {
            return insert(connection, values, fields, exposed);
        }
        Permission permission = permission(Operation.SAVE);
        answers(permission, exposed);
        if (permission.unrestricted()) {
            Optional<Map<String, Object>> updated = queries.updateByKey(connection, values, fields);
            return updated.isPresent() ? updated.get() : insert(connection, values, fields, exposed);
        }
        permission.touch(exposed);
        Map<Field, Object> written = permission.write(values, entity.primaryKeyFields());
        return Transactions.run(connection, () -> {
            // a save by key changes a row the caller may save: one it may not, or none, is refused, never inserted
            Map<String, Object> updated = queries.updateByKey(connection, written, writes.withKeys(fields),
                    permission.checks()).orElseThrow(permission::denied);
            writes.verify(connection, permission, List.of(updated));
            return writes.strip(updated, fields);
        });
    }

    public Map<String, Object> insert(Connection connection, Map<Field, Object> values, List<Field> fields,
            Collection<Field> exposed) throws SQLException {
        Permission permission = permission(Operation.INSERT);
        answers(permission, exposed);
        if (permission.unrestricted()) {
            return queries.insert(connection, values, fields);
        }
        permission.touch(exposed);
        Map<Field, Object> written = permission.write(values, Set.of());
        if (permission.checks().isEmpty()) {
            return queries.insert(connection, written, fields);
        }
        return Transactions.run(connection, () -> {
            Map<String, Object> inserted = queries.insert(connection, written, writes.withKeys(fields));
            writes.verify(connection, permission, List.of(inserted));
            return writes.strip(inserted, fields);
        });
    }

    /** Updates the rows that match {@code where} and the checks; {@code where} may not be empty. */
    public List<Map<String, Object>> updateMany(Connection connection, Map<Field, Object> values,
            List<Condition> where, List<Field> fields) throws SQLException {
        Permission permission = permission(Operation.UPDATE_MANY);
        answers(permission, fields);
        if (permission.unrestricted() || where.isEmpty()) {
            // no where: refused for every caller (the reference's "Missing where clause"), before the checks make one
            return queries.updateMany(connection, values, where, fields);
        }
        permission.touch(fields);
        permission.filter(where, List.of());
        Map<Field, Object> written = permission.write(values, Set.of());
        return Transactions.run(connection, () -> {
            List<Map<String, Object>> updated = queries.updateMany(connection, written, permission.where(where),
                    writes.withKeys(fields));
            writes.verify(connection, permission, updated);
            List<Map<String, Object>> rows = new ArrayList<>();
            updated.forEach(row -> rows.add(writes.strip(row, fields)));
            return rows;
        });
    }

    /** Deletes the rows that match {@code where} and the checks, and returns them as they were. */
    public List<Map<String, Object>> delete(Connection connection, List<Condition> where, List<Field> fields)
            throws SQLException {
        return delete(connection, where, fields, fields);
    }

    /** @param exposed the fields of {@code fields} the answer shows */
    public List<Map<String, Object>> delete(Connection connection, List<Condition> where, List<Field> fields,
            Collection<Field> exposed) throws SQLException {
        Permission permission = permission(Operation.DELETE);
        answers(permission, exposed);
        if (permission.unrestricted()) {
            return queries.delete(connection, where, fields);
        }
        permission.touch(exposed);
        permission.filter(where, List.of());
        return queries.delete(connection, permission.where(where), fields);
    }
}
