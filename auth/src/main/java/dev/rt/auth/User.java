package dev.rt.auth;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The caller of a request, once authenticated: its roles and its fields. The fields are the verified token's claims
 * (a configured namespace prefix removed) or the webhook's answer, plus rt's reserved names: {@code X-RT-USER-ID}
 * and {@code X-RT-ROLE} (the roles, comma-separated), which rules name in their checks as the reference names
 * {@code X-PLATFORMATIC-USER-ID}. Immutable.
 *
 * @param roles  the caller's roles, in order, never empty: a caller without credentials has the anonymous role
 * @param fields the caller's fields by name, reserved names included
 */
public record User(List<String> roles, Map<String, Object> fields) {

    /** The header and field naming the user's id. */
    public static final String USER_ID = "X-RT-USER-ID";
    /** The header and field naming the user's roles, comma-separated. */
    public static final String ROLE = "X-RT-ROLE";
    /** The header carrying the admin secret. */
    public static final String ADMIN_SECRET = "X-RT-ADMIN-SECRET";
    /** The role of a caller that gave the admin secret: full access. */
    public static final String ADMIN_ROLE = "rt-admin";
    /** The default role of a caller without credentials ({@code authorization.anonymousRole} renames it). */
    public static final String ANONYMOUS_ROLE = "anonymous";

    public User {
        roles = List.copyOf(roles);
        fields = Map.copyOf(fields);
        if (roles.isEmpty()) {
            throw new IllegalArgumentException("a user has at least one role");
        }
    }

    /** The user's id ({@code X-RT-USER-ID}), when it has one. */
    public Optional<String> id() {
        return field(USER_ID).map(Object::toString);
    }

    /** One of the user's fields by name, reserved names included. */
    public Optional<Object> field(String name) {
        return Optional.ofNullable(fields.get(Objects.requireNonNull(name)));
    }

    /** Whether the user has this role. */
    public boolean hasRole(String role) {
        return roles.contains(role);
    }

    /** Whether the user gave the admin secret (and did not ask to act as another role). */
    public boolean isAdmin() {
        return hasRole(ADMIN_ROLE);
    }
}
