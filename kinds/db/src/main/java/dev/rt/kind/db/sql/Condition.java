package dev.rt.kind.db.sql;

import dev.rt.kind.db.model.Field;
import java.util.List;
import java.util.Objects;

/** One condition of a where clause; the conditions of a list hold together (AND). */
public sealed interface Condition {

    /**
     * {@code field op value}. The value is already of the field's type: a single value, {@code null} ({@code eq} and
     * {@code neq} then test for NULL), or a list for the operators that take one.
     */
    record Compare(Field field, Operator operator, Object value) implements Condition {
        public Compare {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(operator, "operator");
        }
    }

    /** {@code field IS NULL}, or {@code IS NOT NULL}. */
    record IsNull(Field field, boolean isNull) implements Condition {
        public IsNull {
            Objects.requireNonNull(field, "field");
        }
    }

    /** Any of the branches; each branch's conditions hold together. */
    record Or(List<List<Condition>> branches) implements Condition {
        public Or {
            branches = branches.stream().map(List::copyOf).toList();
        }
    }
}
