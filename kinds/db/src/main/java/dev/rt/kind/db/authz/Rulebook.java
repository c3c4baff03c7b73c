package dev.rt.kind.db.authz;

import dev.rt.auth.User;
import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.sql.Access;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A db service's {@code authorization.rules}, read and checked ({@link RulebookReader}): each entity's rules in the
 * order written (a rule for {@code *} where it stands), then the admin's, which allows everything. An entity without
 * a rule for the caller's roles is closed to it. {@link #access} gives a caller's access to the rows.
 *
 * @param anonymousRole the role of a caller without credentials ({@code authorization.anonymousRole})
 */
public record Rulebook(Map<String, List<Rule>> rules, RoleMerge merge, String anonymousRole, Dialect dialect) {
    public Rulebook {
        rules = Map.copyOf(rules);
        Objects.requireNonNull(merge, "merge");
        Objects.requireNonNull(anonymousRole, "anonymousRole");
        Objects.requireNonNull(dialect, "dialect");
    }

    /** The access of this caller: the rules of its roles, applied to every statement it runs. */
    public Access access(User user) {
        return new UserAccess(this, user, unauthenticated(user));
    }

    /** The access of a caller without credentials: the anonymous role's. */
    public Access anonymous() {
        return access(new User(List.of(anonymousRole), Map.of()));
    }

    /** The rules of an entity, in order. */
    List<Rule> of(Entity entity) {
        return rules.getOrDefault(entity.singularName(), List.of());
    }

    /**
     * Whether the caller came without credentials: the anonymous role alone and no field but its role. A refusal is a
     * 401 for it (credentials may help), a 403 for a known caller.
     */
    private boolean unauthenticated(User user) {
        return user.roles().equals(List.of(anonymousRole))
                && user.fields().keySet().stream().allMatch(User.ROLE::equals);
    }
}
