package dev.rt.kind.db.sql;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Rows found again by their keys, where a statement cannot return them: an insert on MySQL (by the key given, or
 * the one generated), an update on the MySQL family (by the keys of the rows it is about to change, read first in
 * the same transaction). Also generates a missing UUID key where the database would not.
 */
final class KeyValues {
    private final Entity entity;
    private final Dialect dialect;

    KeyValues(Entity entity, Dialect dialect) {
        this.entity = entity;
        this.dialect = dialect;
    }

    void generateMissingUuid(Map<Field, Object> row) {
        entity.singleKey().filter(key -> key.sqlType().equals("uuid") && !row.containsKey(key)
                && dialect != Dialect.POSTGRES).ifPresent(key -> row.put(key, UUID.randomUUID().toString()));
    }

    Map<String, Object> insertAndReadBack(Connection connection, EntityQueries queries, Sql insert,
            Map<Field, Object> row, List<Field> fields) throws SQLException {
        List<Condition> byKey = new ArrayList<>();
        try (PreparedStatement statement = Statements.prepareReturningKeys(connection, insert)) {
            statement.executeUpdate();
            List<Field> keys = entity.primaryKeyFields();
            for (Field key : keys) {
                Object value = row.get(key);
                if (value == null && keys.size() == 1) {
                    try (ResultSet generated = statement.getGeneratedKeys()) {
                        value = generated.next() ? generated.getObject(1) : null;
                    }
                }
                byKey.add(new Condition.Compare(key, Operator.EQ, value));
            }
        }
        return queries.find(connection, FindQuery.all(fields, byKey)).stream().findFirst()
                .orElseGet(java.util.LinkedHashMap::new);
    }

    List<Map<String, Object>> updateAndReadBack(Connection connection, EntityQueries queries, Sql update,
            Map<Field, Object> changes, List<Condition> conditions, List<Field> fields) throws SQLException {
        return Transactions.run(connection, () -> {
            List<Field> keys = entity.primaryKeyFields();
            List<Map<String, Object>> before = queries.find(connection, FindQuery.all(keys, conditions));
            EntityQueries.execute(connection, update);
            if (before.isEmpty()) {
                return new ArrayList<>();
            }
            List<List<Condition>> branches = new ArrayList<>();
            for (Map<String, Object> row : before) {
                List<Condition> branch = new ArrayList<>();
                for (Field key : keys) {
                    // a row whose key the update changes is found again by its new key
                    Object value = changes.containsKey(key) ? changes.get(key) : row.get(key.name());
                    branch.add(new Condition.Compare(key, Operator.EQ, value));
                }
                branches.add(branch);
            }
            return queries.find(connection, FindQuery.all(fields, List.of(new Condition.Or(branches))));
        });
    }
}
