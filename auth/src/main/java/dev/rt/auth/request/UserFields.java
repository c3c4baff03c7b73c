package dev.rt.auth.request;

import dev.rt.auth.User;
import dev.rt.auth.settings.AuthSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A verified token's claims, or a webhook's answer, as a {@link User}, as the reference reads them: claims that
 * start with {@code namespace} lose it, {@code iss} and {@code iat} are dropped, the roles are the {@code roleKey}
 * field (a comma-separated string or a list) or what {@code rolePath} reaches, else the anonymous role. rt adds the
 * reserved fields: {@code X-RT-USER-ID} (the {@code sub} claim when no field of that name is given) and
 * {@code X-RT-ROLE} (the roles, comma-separated).
 */
final class UserFields {
    private final AuthSettings settings;

    UserFields(AuthSettings settings) {
        this.settings = settings;
    }

    User fromClaims(Map<String, Object> claims, Optional<String> namespace) {
        Map<String, Object> fields = new LinkedHashMap<>();
        claims.forEach((name, value) -> {
            if (value != null && !name.equals("iss") && !name.equals("iat")) {
                String key = namespace.filter(name::startsWith).map(ns -> name.substring(ns.length())).orElse(name);
                fields.put(key, value);
            }
        });
        if (!fields.containsKey(User.USER_ID) && fields.get("sub") instanceof String subject) {
            fields.put(User.USER_ID, subject);
        }
        return withRoles(roles(fields), fields);
    }

    User anonymous() {
        return withRoles(List.of(settings.anonymousRole()), new LinkedHashMap<>());
    }

    static User withRoles(List<String> roles, Map<String, Object> fields) {
        fields.put(User.ROLE, String.join(",", roles));
        return new User(roles, fields);
    }

    private List<String> roles(Map<String, Object> fields) {
        Object raw;
        if (settings.rolePath().isPresent()) {
            raw = fields;
            for (String step : settings.rolePath().get().split("\\.")) {
                raw = raw instanceof Map<?, ?> map ? map.get(step) : null;
            }
        } else {
            raw = fields.get(settings.roleKey());
        }
        List<String> roles = new ArrayList<>();
        if (raw instanceof String text) {
            addAll(roles, List.of(text.split(",")));
        } else if (raw instanceof List<?> list) {
            addAll(roles, list);
        }
        return roles.isEmpty() ? List.of(settings.anonymousRole()) : roles;
    }

    private static void addAll(List<String> roles, List<?> values) {
        for (Object value : values) {
            if (value instanceof String role && !role.isBlank() && !roles.contains(role.trim())) {
                roles.add(role.trim());
            }
        }
    }
}
