package dev.rt.kind.db.authz;

import dev.rt.kind.db.model.Field;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One operation of a rule: {@code false} (not allowed), {@code true} (allowed on every row and field), or
 * {@code {checks, fields}} (allowed on the rows that meet the checks, touching the fields listed).
 */
record Grant(boolean allowed, List<Check> checks, Optional<Set<Field>> fields) {
    static final Grant DENIED = new Grant(false, List.of(), Optional.empty());
    static final Grant ALLOWED = new Grant(true, List.of(), Optional.empty());

    Grant {
        checks = List.copyOf(checks);
        fields = fields.map(Set::copyOf);
    }
}
