package dev.rt.kind.db.sql;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Field;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Whether a row that is no longer in the database met a permission's checks: a deleted row, which the
 * {@code movieDeleted} subscriptions of a restricted caller deliver only when it could have found it. Every read of a
 * row that still exists is judged by its statement's {@code WHERE}; this is for the one case where no statement can
 * be. Hand-written because it judges only the checks a rule can hold (a field compared with {@code eq}, {@code neq},
 * {@code in}, {@code nin}, {@code gt}, {@code gte}, {@code lt}, {@code lte}); anything else does not match.
 */
final class RowMatch {
    private static final int UNORDERED = Integer.MIN_VALUE;

    private RowMatch() {
    }

    /** @param row the row's fields as JSON values, by field name */
    static boolean meets(List<Condition> checks, Map<String, Object> row, Dialect dialect) {
        for (Condition check : checks) {
            if (!(check instanceof Condition.Compare compare) || !meets(compare, row, dialect)) {
                return false;
            }
        }
        return true;
    }

    private static boolean meets(Condition.Compare check, Map<String, Object> row, Dialect dialect) {
        Field field = check.field();
        Object raw = row.get(field.name());
        if (raw == null) {
            return false; // SQL: a comparison with NULL is never true
        }
        Object value;
        try {
            value = InputValues.fromJson(field, raw, field.name(), dialect);
        } catch (QueryException e) {
            return false;
        }
        return switch (check.operator()) {
            case EQ -> same(value, check.value());
            case NEQ -> check.value() != null && !same(value, check.value());
            case IN -> check.value() instanceof List<?> list && list.stream().anyMatch(v -> same(value, v));
            case NIN -> check.value() instanceof List<?> list && list.stream().noneMatch(v -> same(value, v));
            case GT, GTE, LT, LTE -> ordered(check.operator(), order(value, check.value()));
            default -> false;
        };
    }

    private static boolean ordered(Operator operator, int order) {
        return order != UNORDERED && switch (operator) {
            case GT -> order > 0;
            case GTE -> order >= 0;
            case LT -> order < 0;
            default -> order <= 0;
        };
    }

    private static boolean same(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString())) == 0;
        }
        return Objects.equals(a, b);
    }

    /** The order of two values of one type; {@link #UNORDERED} when they have none. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int order(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return Integer.signum(new BigDecimal(x.toString()).compareTo(new BigDecimal(
                    y.toString())));
        }
        if (a instanceof Comparable c && b != null && a.getClass() == b.getClass()) {
            return Integer.signum(c.compareTo(b));
        }
        return UNORDERED;
    }
}
