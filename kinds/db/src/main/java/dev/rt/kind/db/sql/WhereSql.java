package dev.rt.kind.db.sql;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes where conditions and cursor positions as SQL, every value a bound parameter. */
final class WhereSql {
    private final Dialect dialect;

    WhereSql(Dialect dialect) {
        this.dialect = dialect;
    }

    /** The conditions joined by AND, or an empty piece when there are none. */
    Sql all(List<Condition> conditions) {
        List<Sql> parts = new ArrayList<>();
        for (Condition condition : conditions) {
            parts.add(one(condition));
        }
        return Sql.join(parts, " AND ");
    }

    private Sql one(Condition condition) {
        if (condition instanceof Condition.IsNull isNull) {
            return column(isNull.field()).raw(isNull.isNull() ? " IS NULL" : " IS NOT NULL");
        }
        if (condition instanceof Condition.Or or) {
            List<Sql> branches = new ArrayList<>();
            for (List<Condition> branch : or.branches()) {
                branches.add(branch.isEmpty() ? new Sql().raw("(1 = 1)")
                        : new Sql().raw("(").append(all(branch)).raw(")"));
            }
            return branches.isEmpty() ? new Sql().raw("(1 = 1)")
                    : new Sql().raw("(").append(Sql.join(branches, " OR ")).raw(")");
        }
        return compare((Condition.Compare) condition);
    }

    private Sql compare(Condition.Compare c) {
        Field field = c.field();
        Operator op = c.operator();
        if (field.array()) {
            return switch (op) {
                case ANY -> new Sql().bind(c.value()).raw(" = ANY (").append(column(field)).raw(")");
                case ALL -> new Sql().bind(c.value()).raw(" = ALL (").append(column(field)).raw(")");
                case CONTAINS -> column(field).raw(" @> ").bind(array(field, c.value()));
                case CONTAINED -> column(field).raw(" <@ ").bind(array(field, c.value()));
                case OVERLAPS -> column(field).raw(" && ").bind(array(field, c.value()));
                default -> throw QueryException.badRequest("PLT_SQL_MAPPER_UNSUPPORTED_OPERATOR",
                        "Unsupported operator for Array field");
            };
        }
        if (op.forArrays()) {
            throw QueryException.badRequest("PLT_SQL_MAPPER_UNSUPPORTED_OPERATOR_FOR_NON_ARRAY",
                    "Unsupported operator for non Array field");
        }
        return switch (op) {
            case EQ -> c.value() == null ? column(field).raw(" IS NULL") : column(field).raw(" = ").bind(c.value());
            case NEQ -> c.value() == null ? column(field).raw(" IS NOT NULL")
                    : column(field).raw(" <> ").bind(c.value());
            case LIKE, ILIKE -> like(field, op).bind(c.value());
            case IN, NIN -> in(field, op, (List<?>) c.value());
            default -> column(field).raw(" " + op.sql() + " ").bind(c.value());
        };
    }

    private Sql like(Field field, Operator op) {
        Sql left = field.sqlType().equals("text") || field.sqlType().equals("varchar") ? column(field)
                : new Sql().raw("TRIM(CAST(").append(column(field)).raw(" AS CHAR(64)))");
        return left.raw(op == Operator.ILIKE && dialect.ilike() ? " ILIKE " : " LIKE ");
    }

    private Sql in(Field field, Operator op, List<?> values) {
        if (values.isEmpty()) {
            return new Sql().raw(op == Operator.IN ? "1 = 0" : "1 = 1");
        }
        Sql sql = column(field).raw(op == Operator.IN ? " IN (" : " NOT IN (");
        for (int i = 0; i < values.size(); i++) {
            sql.raw(i == 0 ? "" : ", ").bind(values.get(i));
        }
        return sql.raw(")");
    }

    /**
     * Rows past the cursor in the sort order: {@code (a, b) > (?, ?)} when every key sorts the same way, else
     * {@code a > ? OR (a = ? AND b < ?)}, each key compared in its own direction.
     */
    Sql cursor(Map<Field, Object> cursor, List<OrderBy> orderBy, boolean backward) {
        List<OrderBy> keys = orderBy.stream().filter(o -> cursor.containsKey(o.field())).toList();
        boolean sameDirection = keys.stream().allMatch(k -> k.descending() == keys.get(0).descending());
        if (sameDirection) {
            Sql columns = Sql.join(keys.stream().map(k -> column(k.field())).toList(), ", ");
            Sql values = Sql.join(keys.stream().map(k -> new Sql().bind(cursor.get(k.field()))).toList(), ", ");
            return new Sql().raw("(").append(columns).raw(") " + after(keys.get(0), backward) + " (").append(values)
                    .raw(")");
        }
        List<Sql> alternatives = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            List<Sql> parts = new ArrayList<>();
            for (int j = 0; j < i; j++) {
                parts.add(column(keys.get(j).field()).raw(" = ").bind(cursor.get(keys.get(j).field())));
            }
            OrderBy key = keys.get(i);
            parts.add(column(key.field()).raw(" " + after(key, backward) + " ").bind(cursor.get(key.field())));
            alternatives.add(Sql.join(parts, " AND "));
        }
        return new Sql().raw("(").append(Sql.join(alternatives, " OR ")).raw(")");
    }

    private static String after(OrderBy key, boolean backward) {
        return key.descending() != backward ? "<" : ">";
    }

    private Object array(Field field, Object value) {
        return new SqlArray(field.sqlType(), value instanceof List<?> list ? new ArrayList<Object>(list)
                : java.util.Collections.singletonList(value));
    }

    Sql column(Field field) {
        return new Sql().raw(dialect.quote(field.column()));
    }
}
