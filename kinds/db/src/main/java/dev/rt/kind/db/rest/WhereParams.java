package dev.rt.kind.db.rest;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.JsonType;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.Operator;
import dev.rt.kind.db.sql.QueryException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code where.<field>.<op>=value} and {@code where.or=(field.op=value|...)}: the query string's conditions. An
 * unknown field or operator is refused, naming it; {@code in} and {@code nin} take comma lists; {@code isNull} takes
 * {@code true} or {@code false}; {@code null} stands for NULL in a nullable string field.
 */
final class WhereParams {
    private static final String OPERATORS = String.join(", ", Arrays.stream(Operator.values()).map(Operator::key).toList());

    private final Entity entity;
    private final Dialect dialect;

    WhereParams(Entity entity, Dialect dialect) {
        this.entity = entity;
        this.dialect = dialect;
    }

    List<Condition> parse(Map<String, List<String>> query) {
        List<Condition> conditions = new ArrayList<>();
        for (Map.Entry<String, List<String>> param : query.entrySet()) {
            String key = param.getKey();
            if (key.equals("where.or")) {
                for (String group : param.getValue()) {
                    conditions.add(or(group));
                }
            } else if (key.startsWith("where.")) {
                String[] parts = key.split("\\.", -1);
                if (parts.length != 3) {
                    throw QueryException.invalid("querystring/" + key + " is not a known parameter; write"
                            + " where.<field>.<operator>");
                }
                for (String value : param.getValue()) {
                    conditions.add(condition(field(parts[1], "querystring/" + key), operator(parts[2], "querystring/" + key),
                            value, "querystring/" + key));
                }
            }
        }
        return conditions;
    }

    /** {@code (title.eq=Alien|year.in=1979,1986)}. */
    private Condition or(String group) {
        String where = "querystring/where.or";
        if (group.length() < 2 || group.charAt(0) != '(' || group.charAt(group.length() - 1) != ')') {
            throw QueryException.invalid(where + " must be (field.operator=value|field.operator=value...), found \""
                    + group + "\"");
        }
        List<List<Condition>> branches = new ArrayList<>();
        for (String part : group.substring(1, group.length() - 1).split("\\|", -1)) {
            int equals = part.indexOf('=');
            String lhs = equals < 0 ? part : part.substring(0, equals);
            String value = equals < 0 ? "" : part.substring(equals + 1);
            String[] names = lhs.split("\\.", -1);
            if (entity.field(names[0]).isEmpty()) {
                throw QueryException.badRequest("PLT_SQL_OPENAPI_UNKNOWN_FIELD",
                        "Unknown field \"" + names[0] + "\" in where.or");
            }
            if (names.length != 2 || equals < 0) {
                throw QueryException.invalid(where + " must be (field.operator=value|...), found \"" + part + "\"");
            }
            branches.add(List.of(condition(entity.require(names[0]), operator(names[1], where), value, where)));
        }
        return new Condition.Or(branches);
    }

    private Field field(String name, String where) {
        return entity.field(name).orElseThrow(() -> QueryException.invalid(where + ": unknown field \"" + name
                + "\" of " + entity.name() + "; its fields are " + String.join(", ", entity.fieldNames())));
    }

    private static Operator operator(String key, String where) {
        return Operator.of(key).orElseThrow(() -> QueryException.invalid(where + ": unknown operator \"" + key
                + "\"; the operators are " + OPERATORS));
    }

    private Condition condition(Field field, Operator operator, String value, String where) {
        if (operator == Operator.IS_NULL) {
            return switch (value) {
                case "true" -> new Condition.IsNull(field, true);
                case "false" -> new Condition.IsNull(field, false);
                default -> throw QueryException.invalid(where + " must be boolean");
            };
        }
        if (operator.takesList()) {
            List<Object> values = new ArrayList<>();
            for (String item : value.split(",", -1)) {
                values.add(InputValues.fromText(field, item, where, dialect));
            }
            return new Condition.Compare(field, operator, values);
        }
        if (operator == Operator.LIKE || operator == Operator.ILIKE) {
            return new Condition.Compare(field, operator, value);
        }
        if (field.nullable() && field.jsonType() == JsonType.STRING && value.toLowerCase(Locale.ROOT).equals("null")) {
            return new Condition.Compare(field, operator, null);
        }
        return new Condition.Compare(field, operator, InputValues.fromText(field, value, where, dialect));
    }
}
