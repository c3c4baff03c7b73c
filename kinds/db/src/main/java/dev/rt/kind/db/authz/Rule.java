package dev.rt.kind.db.authz;

import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Operation;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A rule of {@code authorization.rules} for one entity: the role it is for, the operations it names (an operation it
 * leaves out is not allowed), and the fields its inserts and saves fill from the user ({@code defaults}).
 *
 * @param defaults a user's field name for each field it fills
 */
record Rule(String role, Map<Operation, Grant> operations, Map<Field, String> defaults) {
    Rule {
        Objects.requireNonNull(role, "role");
        operations = Collections.unmodifiableMap(new EnumMap<>(operations.isEmpty()
                ? new EnumMap<>(Operation.class) : operations));
        defaults = Collections.unmodifiableMap(new LinkedHashMap<>(defaults));
    }

    /**
     * The grant of an operation: as named, or for {@code insert}, which the reference's rules do not name, the
     * grant of {@code save}; not allowed when the rule says nothing.
     */
    Grant grant(Operation operation) {
        Grant grant = operations.get(operation);
        if (grant == null && operation == Operation.INSERT) {
            grant = operations.get(Operation.SAVE);
        }
        return Optional.ofNullable(grant).orElse(Grant.DENIED);
    }
}
