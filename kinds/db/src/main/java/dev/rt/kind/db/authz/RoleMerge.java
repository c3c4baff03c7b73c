package dev.rt.kind.db.authz;

import dev.rt.auth.User;
import dev.rt.kind.db.sql.Operation;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which rule applies to a caller with several roles ({@code authorization.roleMergeStrategy}), as the reference
 * decides: {@code first-match} (the default) takes the first rule, in the order written, whose role the caller has;
 * {@code most-permissive} takes every such rule (those of {@code rt-admin} only when no other matches) and, operation
 * by operation and for the defaults, keeps the first that allows something. Grants are never combined: a role's
 * {@code {checks}} and another's {@code true} for the same operation give the earlier rule's.
 */
enum RoleMerge {
    FIRST_MATCH("first-match"), MOST_PERMISSIVE("most-permissive");

    private final String key;

    RoleMerge(String key) {
        this.key = key;
    }

    String key() {
        return key;
    }

    static Optional<RoleMerge> of(String key) {
        for (RoleMerge merge : values()) {
            if (merge.key.equals(key)) {
                return Optional.of(merge);
            }
        }
        return Optional.empty();
    }

    /** The rule for a caller with these roles among an entity's rules, in order; empty when none is for them. */
    Optional<Rule> rule(List<Rule> rules, List<String> roles) {
        List<Rule> matching = new ArrayList<>();
        for (Rule rule : rules) {
            if (roles.contains(rule.role())) {
                if (this == FIRST_MATCH) {
                    return Optional.of(rule);
                }
                matching.add(rule);
            }
        }
        List<Rule> others = matching.stream().filter(r -> !r.role().equals(User.ADMIN_ROLE)).toList();
        List<Rule> merged = others.isEmpty() ? matching : others;
        if (merged.size() <= 1) {
            return merged.stream().findFirst();
        }
        Map<Operation, Grant> operations = new EnumMap<>(Operation.class);
        operations.putAll(merged.get(0).operations());
        var defaults = merged.get(0).defaults();
        for (Rule rule : merged.subList(1, merged.size())) {
            rule.operations().forEach((operation, grant) -> {
                Grant current = operations.get(operation);
                if (grant.allowed() && (current == null || !current.allowed())) {
                    operations.put(operation, grant);
                }
            });
            if (defaults.isEmpty() && !rule.defaults().isEmpty()) {
                defaults = rule.defaults();
            }
        }
        return Optional.of(new Rule(merged.get(0).role(), operations, defaults));
    }
}
