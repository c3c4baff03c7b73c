package dev.rt.auth.request;

import static dev.rt.auth.request.Calls.refusal;
import static dev.rt.auth.request.Calls.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.auth.User;
import dev.rt.auth.settings.AuthSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The admin secret, impersonation with it, and the headers that grant nothing without it. */
class AdminSecretTest {
    private final Authenticator authenticator = Authenticator.builder(AuthSettings.from(Map.of(
            "adminSecret", "the admin secret", "jwt", Map.of("secret", "an HS256 secret of at least 32 bytes!"))))
            .build();

    @Test
    void theAdminSecretGivesFullAccess() {
        User admin = user(authenticator, Map.of("X-RT-ADMIN-SECRET", "the admin secret"));

        assertThat(admin.roles()).containsExactly("rt-admin");
        assertThat(admin.isAdmin()).isTrue();
    }

    @Test
    void withTheAdminSecretTheRtHeadersImpersonateAUser() {
        User impersonated = user(authenticator, Map.of("X-RT-ADMIN-SECRET", "the admin secret",
                "x-rt-role", "user,editor", "X-RT-USER-ID", "42"));

        assertThat(impersonated.roles()).containsExactly("user", "editor");
        assertThat(impersonated.id()).contains("42");
        assertThat(impersonated.isAdmin()).isFalse();
        assertThat(impersonated.fields()).doesNotContainKey("X-RT-ADMIN-SECRET");
    }

    @Test
    void rolesSmuggledInHeadersGrantNothingWithoutTheSecret() {
        User caller = user(authenticator, Map.of("X-RT-ROLE", "rt-admin", "X-RT-USER-ID", "1",
                "X-PLATFORMATIC-ROLE", "platformatic-admin"));

        assertThat(caller.roles()).containsExactly("anonymous");
        assertThat(caller.id()).isEmpty();
    }

    @Test
    void aForgedAdminSecretIsRefused() {
        for (String forged : new String[] {"the admin secreT", "the admin secret ", "", "the admin"}) {
            assertThat(refusal(authenticator, Map.of("X-RT-ADMIN-SECRET", forged, "X-RT-ROLE", "rt-admin")).code())
                    .isEqualTo("RT_AUTH_ADMIN_SECRET_INVALID");
        }
    }

    @Test
    void withoutAnAdminSecretConfiguredTheHeaderIsIgnored() {
        Authenticator none = Authenticator.builder(AuthSettings.none()).build();

        assertThat(user(none, Map.of("X-RT-ADMIN-SECRET", "anything", "X-RT-ROLE", "rt-admin")).roles())
                .containsExactly("anonymous");
    }
}
