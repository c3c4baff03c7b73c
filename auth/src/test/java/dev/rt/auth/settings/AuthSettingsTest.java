package dev.rt.auth.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuthSettingsTest {
    private static final String SECRET = "0123456789abcdef0123456789abcdef";

    @Test
    void readsTheReferenceNamesWithRtDefaults() {
        AuthSettings settings = AuthSettings.from(Map.of("adminSecret", "s3cret", "jwt", Map.of("secret", SECRET,
                "namespace", "https://rt.dev/", "verify", Map.of("allowedAud", "api", "clockTolerance", 1500))));

        assertThat(settings.roleKey()).isEqualTo("X-RT-ROLE");
        assertThat(settings.anonymousRole()).isEqualTo("anonymous");
        assertThat(settings.adminSecret()).contains("s3cret");
        JwtSettings jwt = settings.jwt().orElseThrow();
        assertThat(jwt.algorithms()).containsExactly("HS256");
        assertThat(jwt.audiences()).containsExactly("api");
        assertThat(jwt.clockTolerance()).isEqualTo(Duration.ofMillis(1500));
        assertThat(jwt.namespace()).contains("https://rt.dev/");
    }

    @Test
    void aSecretTooShortForHs256IsRefusedNamingItsPointer() {
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("secret", "supersecret"))))
                .isInstanceOf(SettingsException.class)
                .hasMessage("/authorization/jwt/secret: must be at least 32 bytes (256 bits) long for HS256, found 11"
                        + " bytes; a shorter secret can be guessed offline from any token it signed");
    }

    @Test
    void anAlgorithmNeedsASecretAsLongAsItsHash() {
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("secret", SECRET,
                "verify", Map.of("algorithms", List.of("HS512"))))))
                .hasMessage("/authorization/jwt/secret: must be at least 64 bytes long for HS512, found 32 bytes");
    }

    @Test
    void algorithmsOfAnotherKeyTypeAreRefused() {
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("jwks",
                Map.of("allowedDomains", List.of("https://id.example.com/")),
                "verify", Map.of("algorithms", List.of("RS256", "HS256"))))))
                .hasMessage("/authorization/jwt/verify/algorithms/1: must be one of RS256, RS384, RS512, PS256, PS384,"
                        + " PS512, ES256, ES384, ES512 with jwks (an issuer's public keys), found HS256");
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("secret", SECRET,
                "verify", Map.of("algorithms", "RS256")))))
                .hasMessage("/authorization/jwt/verify/algorithms/0: must be one of HS256, HS384, HS512 with a secret,"
                        + " found RS256");
    }

    @Test
    void jwksTrueWouldTrustAnyIssuerAndIsRefused() {
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("jwks", true))))
                .hasMessageStartingWith("/authorization/jwt/jwks: true would trust the keys of whatever issuer a token"
                        + " names; list the issuers you trust in jwks.allowedDomains");
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("jwks", Map.of("allowedDomains", List.of())))))
                .hasMessageStartingWith("/authorization/jwt/jwks/allowedDomains: must list at least one issuer");
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("jwks",
                Map.of("allowedDomains", List.of("id.example.com"))))))
                .hasMessage("/authorization/jwt/jwks/allowedDomains/0: must be an issuer's http or https URL, found"
                        + " id.example.com");
    }

    @Test
    void aSecretAndAKeySetExcludeEachOther() {
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("secret", SECRET,
                "jwks", Map.of("allowedDomains", List.of("https://id.example.com/"))))))
                .hasMessageStartingWith("/authorization/jwt/jwks: and jwt.secret exclude each other");
        assertThatThrownBy(() -> AuthSettings.from(Map.of("jwt", Map.of("namespace", "x"))))
                .hasMessage("/authorization/jwt: needs a secret (HS256, HS384, HS512) or jwks (an issuer's RSA or EC"
                        + " keys)");
    }

    @Test
    void keySetSettingsKeepTheirDefaultsAndNormaliseIssuers() {
        JwksSettings jwks = AuthSettings.from(Map.of("jwt", Map.of("jwks", Map.of("allowedDomains",
                List.of("https://id.example.com/realms/main"), "providerDiscovery", true)))).jwt().orElseThrow()
                .jwks().orElseThrow();

        assertThat(jwks.allowedDomains()).containsExactly("https://id.example.com/realms/main/");
        assertThat(jwks.ttl()).isEqualTo(Duration.ofMinutes(1));
        assertThat(jwks.refreshInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(jwks.timeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aWebhookNeedsAnHttpUrl() {
        assertThatThrownBy(() -> AuthSettings.from(Map.of("webhook", Map.of("url", "ftp://auth/"))))
                .hasMessage("/authorization/webhook/url: must be an http or https URL with a host, found ftp://auth/");
        assertThat(AuthSettings.from(Map.of("webhook", Map.of("url", "http://auth.rt.local/who", "timeout", 250)))
                .webhook().orElseThrow().timeout()).isEqualTo(Duration.ofMillis(250));
    }
}
