package dev.rt.auth.request;

import dev.rt.auth.AuthenticationException;
import dev.rt.auth.RequestHeaders;
import dev.rt.auth.User;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code X-RT-ADMIN-SECRET} against {@code adminSecret}, compared in constant time (both sides hashed first, so that
 * neither the content nor the length of the secret shows in the time a refusal takes). A caller that gives it has
 * full access ({@code rt-admin}), or acts as the roles {@code X-RT-ROLE} names, with the user fields the other
 * {@code X-RT-*} headers give ({@code X-RT-USER-ID}...): the reference's impersonation.
 */
final class AdminSecret {
    private final byte[] digest;

    AdminSecret(String secret) {
        this.digest = sha256(secret);
    }

    User admit(String given, RequestHeaders headers) {
        if (!MessageDigest.isEqual(digest, sha256(given))) {
            throw new AuthenticationException(AuthenticationException.ADMIN_SECRET_INVALID, "the "
                    + User.ADMIN_SECRET + " header does not match the admin secret");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        headers.forEach((name, value) -> {
            String upper = name.toUpperCase(Locale.ROOT);
            if (upper.startsWith("X-RT-") && !upper.equals(User.ADMIN_SECRET) && !upper.equals("X-RT-IDENTITY")) {
                fields.putIfAbsent(upper, value);
            }
        });
        List<String> roles = new ArrayList<>();
        for (String role : headers.first(User.ROLE).orElse("").split(",")) {
            if (!role.isBlank()) {
                roles.add(role.trim());
            }
        }
        return UserFields.withRoles(roles.isEmpty() ? List.of(User.ADMIN_ROLE) : roles, fields);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
