package dev.rt.kind.db.graphql;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.Operator;
import dev.rt.kind.db.sql.OrderBy;
import dev.rt.kind.db.sql.QueryException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** GraphQL's {@code where} and {@code orderBy} arguments as conditions and sort keys, each value checked. */
final class WhereArguments {
    private WhereArguments() {
    }

    static List<Condition> conditions(Entity entity, Object where, Dialect dialect) {
        List<Condition> conditions = new ArrayList<>();
        if (!(where instanceof Map<?, ?> map)) {
            return conditions;
        }
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            String name = String.valueOf(entry.getKey());
            if (name.equals("or")) {
                List<List<Condition>> branches = new ArrayList<>();
                for (Object branch : (List<?>) entry.getValue()) {
                    branches.add(conditions(entity, branch, dialect));
                }
                conditions.add(new Condition.Or(branches));
                continue;
            }
            if (!(entry.getValue() instanceof Map<?, ?> operators)) {
                continue;
            }
            Field field = entity.require(name);
            for (Map.Entry<?, ?> op : operators.entrySet()) {
                conditions.add(condition(field, String.valueOf(op.getKey()), op.getValue(), dialect));
            }
        }
        return conditions;
    }

    private static Condition condition(Field field, String key, Object value, Dialect dialect) {
        Operator operator = Operator.of(key).orElseThrow(() -> QueryException.invalid("unknown operator " + key));
        String where = "where/" + field.name() + "/" + key;
        if (operator == Operator.IS_NULL) {
            return new Condition.IsNull(field, Boolean.TRUE.equals(value));
        }
        if (operator.takesList()) {
            List<Object> values = new ArrayList<>();
            for (Object item : value == null ? List.of() : (List<?>) value) {
                values.add(InputValues.fromJson(field.array() ? element(field) : field, item, where, dialect));
            }
            return new Condition.Compare(field, operator, values);
        }
        if (operator == Operator.LIKE || operator == Operator.ILIKE) {
            return new Condition.Compare(field, operator, InputValues.pattern(value, where));
        }
        return new Condition.Compare(field, operator, InputValues.fromJson(field.array() ? element(field) : field, value,
                where, dialect));
    }

    /** An array field seen as one of its elements. */
    private static Field element(Field field) {
        return new Field(field.column(), field.name(), field.sqlType(), field.jsonType(), field.temporal(), true, false,
                false, false, false, field.enumValues(), false, Field.Stamp.NONE, false, false);
    }

    static List<OrderBy> orderBy(Entity entity, Object orderBy) {
        List<OrderBy> order = new ArrayList<>();
        if (orderBy instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map<?, ?> map && map.get("field") != null) {
                    order.add(new OrderBy(entity.require(String.valueOf(map.get("field"))),
                            "DESC".equals(String.valueOf(map.get("direction")))));
                }
            }
        }
        return order;
    }
}
