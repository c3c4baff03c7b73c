package dev.rt.kind.db.authz;

import dev.rt.auth.User;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Access;
import dev.rt.kind.db.sql.Condition;
import dev.rt.kind.db.sql.Operation;
import dev.rt.kind.db.sql.Permission;
import dev.rt.kind.db.sql.QueryException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One caller's access under a {@link Rulebook}: per entity, the rule of its roles ({@link RoleMerge}), and per
 * operation what it grants, with the checks' user fields replaced by the caller's values ({@link CheckValues}) and
 * the defaults filled. Built for each request (or subscription, or plugin call) and used by one at a time.
 */
final class UserAccess implements Access {
    private final Rulebook book;
    private final User user;
    private final boolean unauthenticated;
    private final Map<String, Optional<Rule>> rules = new ConcurrentHashMap<>();

    UserAccess(Rulebook book, User user, boolean unauthenticated) {
        this.book = book;
        this.user = user;
        this.unauthenticated = unauthenticated;
    }

    @Override
    public Permission permit(Entity entity, Operation operation) {
        String subject = operation.key() + " " + entity.singularName();
        Optional<Rule> rule = rules.computeIfAbsent(entity.singularName(),
                e -> book.merge().rule(book.of(entity), user.roles()));
        Grant grant = rule.map(r -> r.grant(operation)).orElse(Grant.DENIED);
        if (!grant.allowed()) {
            throw refusal(Permission.UNAUTHORIZED, "operation not allowed: " + subject + " as " + caller()
                    + (rule.isEmpty() ? " (no rule for its roles)" : ""));
        }
        List<Condition> checks = new ArrayList<>();
        for (Check check : grant.checks()) {
            checks.add(CheckValues.condition(check, user, book.dialect()));
        }
        Map<Field, Object> defaults = new LinkedHashMap<>();
        if (operation == Operation.INSERT || operation == Operation.SAVE) {
            rule.get().defaults().forEach((field, name) -> defaults.put(field, user.field(name)
                    .flatMap(value -> CheckValues.value(field, value, book.dialect()))
                    .orElseThrow(() -> refusal(Permission.UNAUTHORIZED, "operation not allowed: " + subject + " as "
                            + caller() + " has no " + name + " to fill " + entity.singularName() + "." + field.name()))));
        }
        return new Permission(checks, grant.fields(), defaults, subject, caller(), status());
    }

    private QueryException refusal(String code, String message) {
        return new QueryException(status(), code, message);
    }

    private int status() {
        return unauthenticated ? 401 : 403;
    }

    private String caller() {
        if (unauthenticated) {
            return "a caller without credentials";
        }
        return (user.roles().size() == 1 ? "the role " : "the roles ") + String.join(", ", user.roles());
    }
}
