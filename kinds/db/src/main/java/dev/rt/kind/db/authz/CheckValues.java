package dev.rt.kind.db.authz;

import dev.rt.auth.User;
import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.Operator;
import dev.rt.kind.db.sql.QueryException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A check as a condition on the caller's values, of the field's type ({@code "42"} of a token is the integer 42 of an
 * integer column): {@code in} and {@code nin} take a list (a single value is a list of one). A check the caller
 * cannot meet (it lacks the field, or its value is not of the field's type) is a condition no row meets: never
 * {@code IS NULL}, which a missing value would otherwise become.
 */
final class CheckValues {
    private CheckValues() {
    }

    static Condition condition(Check check, User user, Dialect dialect) {
        Field field = check.field();
        Optional<Object> given = user.field(check.userField());
        if (given.isEmpty()) {
            return never(field);
        }
        Object value = given.get();
        if (check.operator().takesList()) {
            List<Object> values = new ArrayList<>();
            for (Object item : value instanceof List<?> list ? list : List.of(value)) {
                Optional<Object> converted = value(field, item, dialect);
                if (converted.isEmpty()) {
                    return never(field);
                }
                values.add(converted.get());
            }
            return new Condition.Compare(field, check.operator(), values);
        }
        return value(field, value, dialect).<Condition>map(v -> new Condition.Compare(field, check.operator(), v))
                .orElseGet(() -> never(field));
    }

    /** A user's value as a value of the field, when it is one. */
    static Optional<Object> value(Field field, Object value, Dialect dialect) {
        if (value == null || value instanceof List<?> || value instanceof Map<?, ?>) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(InputValues.fromJson(field, value, field.name(), dialect));
        } catch (QueryException e) {
            return Optional.empty();
        }
    }

    /** A condition no row meets ({@code 1 = 0}). */
    private static Condition never(Field field) {
        return new Condition.Compare(field, Operator.IN, List.of());
    }
}
