package dev.rt.auth.settings;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The authentication part of an application's {@code authorization} section, as the reference configures it (its
 * {@code X-PLATFORMATIC-*} names become {@code X-RT-*}): a JWT check, a webhook, an admin secret, where the roles
 * are read and the role of a caller without credentials. The rules that the db kind adds to the same section are
 * not read here.
 *
 * @param adminSecret   the secret that {@code X-RT-ADMIN-SECRET} must carry for full access
 * @param roleKey       the user field holding the roles ({@code X-RT-ROLE} by default)
 * @param rolePath      a dotted path to the roles instead ({@code realm_access.roles}); wins over roleKey
 * @param anonymousRole the role of a caller without credentials
 * @param jwt           the bearer token check
 * @param webhook       the webhook asked about a request's headers when no token answers for it
 */
public record AuthSettings(Optional<String> adminSecret, String roleKey, Optional<String> rolePath,
        String anonymousRole, Optional<JwtSettings> jwt, Optional<WebhookSettings> webhook) {

    /** The JSON pointer of the section in an application's configuration file. */
    public static final String POINTER = "/authorization";
    static final String DEFAULT_ROLE_KEY = "X-RT-ROLE";
    static final String DEFAULT_ANONYMOUS_ROLE = "anonymous";

    public AuthSettings {
        Objects.requireNonNull(adminSecret);
        Objects.requireNonNull(roleKey);
        Objects.requireNonNull(rolePath);
        Objects.requireNonNull(anonymousRole);
        Objects.requireNonNull(jwt);
        Objects.requireNonNull(webhook);
    }

    /** No {@code authorization} section: every caller is anonymous, unless the runtime forwards an identity. */
    public static AuthSettings none() {
        return new AuthSettings(Optional.empty(), DEFAULT_ROLE_KEY, Optional.empty(), DEFAULT_ANONYMOUS_ROLE,
                Optional.empty(), Optional.empty());
    }

    /**
     * Reads the section from a configuration that has passed the schema (defaults applied or not).
     *
     * @throws SettingsException at the first setting rt cannot honour, naming its JSON pointer
     */
    public static AuthSettings from(Map<String, Object> section) {
        Section root = Section.of(POINTER, section);
        return new AuthSettings(
                root.string("adminSecret"),
                root.string("roleKey").orElse(DEFAULT_ROLE_KEY),
                root.string("rolePath"),
                root.string("anonymousRole").orElse(DEFAULT_ANONYMOUS_ROLE),
                root.section("jwt").map(JwtSettings::from),
                root.section("webhook").map(WebhookSettings::from));
    }

    /** The section of an application's configuration, when it has one. */
    public static Optional<AuthSettings> of(Map<String, Object> configuration) {
        Object section = configuration.get(POINTER.substring(1));
        if (section == null) {
            return Optional.empty();
        }
        return Optional.of(from(Section.of(POINTER, section).values()));
    }
}
