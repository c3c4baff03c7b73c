package dev.rt.kind.db.authz;

import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Operator;
import java.util.Objects;

/**
 * One check of a rule: the field compared, with an operator, to one of the caller's fields ({@code "ownerId":
 * "X-RT-USER-ID"} is {@code ownerId eq X-RT-USER-ID}).
 *
 * @param userField the name of the user's field ({@code X-RT-USER-ID}, a claim)
 */
record Check(Field field, Operator operator, String userField) {
    Check {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(userField, "userField");
    }
}
