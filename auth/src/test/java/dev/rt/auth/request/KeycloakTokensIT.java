package dev.rt.auth.request;

import static dev.rt.auth.request.Calls.bearer;
import static dev.rt.auth.request.Calls.refusal;
import static dev.rt.auth.request.Calls.user;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.rt.auth.AuthenticationException;
import dev.rt.auth.User;
import dev.rt.auth.settings.AuthSettings;
import dev.rt.auth.testing.Keycloak;
import dev.rt.auth.testing.Realm;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The authenticator against a real identity provider: tokens of Keycloak's password and client credentials grants,
 * its key set fetched by discovery of its issuer, a key rotation, and hostile tokens made from its real ones.
 */
class KeycloakTokensIT {
    private static Realm realm;

    @BeforeAll
    static void keycloak() {
        Keycloak keycloak = Keycloak.shared();
        System.out.println("Keycloak answered " + keycloak.startTime().toMillis() + " ms after its start");
        realm = keycloak.realm();
    }

    private static Authenticator authenticator(List<String> algorithms, List<String> audiences, String issuer) {
        return Authenticator.builder(AuthSettings.from(Map.of("rolePath", "realm_access.roles", "jwt", Map.of(
                "jwks", Map.of("allowedDomains", List.of(issuer), "providerDiscovery", true),
                "verify", Map.of("algorithms", algorithms, "allowedAud", audiences))))).build();
    }

    private static Authenticator authenticator() {
        return authenticator(List.of("RS256"), List.of(Realm.AUDIENCE), realm.issuer());
    }

    @Test
    void aUsersRealmRolesComeFromThePasswordGrantsToken() throws Exception {
        User alice = user(authenticator(), bearer(realm.passwordToken("alice")));

        assertThat(alice.roles()).contains("editor", "reader").doesNotContain(User.ADMIN_ROLE);
        assertThat(alice.field("preferred_username")).contains("alice");
        assertThat(alice.id()).hasValueSatisfying(id -> assertThat(id).isNotBlank());
        assertThat(user(authenticator(), bearer(realm.clientToken("rt-app"))).roles()).contains("robot");
    }

    @Test
    void aRotatedKeyIsFetchedOnceItSignsAndTheOldKeyStillVerifies() throws Exception {
        Authenticator authenticator = authenticator();
        String before = realm.passwordToken("bob");
        assertThat(user(authenticator, bearer(before)).roles()).contains("reader");

        String kid = realm.rotateKey();
        String after = realm.passwordToken("bob");

        assertThat(SignedJWT.parse(after).getHeader().getKeyID()).isEqualTo(kid)
                .isNotEqualTo(SignedJWT.parse(before).getHeader().getKeyID());
        assertThat(user(authenticator, bearer(after)).roles()).contains("reader");
        assertThat(user(authenticator, bearer(before)).roles()).contains("reader");
    }

    @Test
    void aTokenForAnotherAudienceIsRefused() throws Exception {
        Authenticator otherAudience = authenticator(List.of("RS256"), List.of("another-app"), realm.issuer());

        assertThat(refusal(otherAudience, bearer(realm.passwordToken("alice"))).code())
                .isEqualTo(AuthenticationException.TOKEN_INVALID);
    }

    @Test
    void aTokenOfAnIssuerNotAllowedIsRefused() throws Exception {
        Authenticator otherIssuer = authenticator(List.of("RS256"), List.of(Realm.AUDIENCE),
                realm.issuer().replace("/realms/" + Realm.NAME, "/realms/master"));

        assertThat(refusal(otherIssuer, bearer(realm.passwordToken("alice"))).code())
                .isEqualTo(AuthenticationException.TOKEN_INVALID);
    }

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        String token = realm.clientToken("rt-short");
        Instant expiry = SignedJWT.parse(token).getJWTClaimsSet().getExpirationTime().toInstant();
        assertThat(expiry).isBefore(Instant.now().plusSeconds(5));
        while (!Instant.now().isAfter(expiry.plusMillis(1_100))) {
            Thread.sleep(100); // the token's own expiry, not another process, is what the test waits for
        }

        assertThat(refusal(authenticator(), bearer(token)).code()).isEqualTo(AuthenticationException.TOKEN_EXPIRED);
    }

    @Test
    void anAlgorithmOutsideTheAllowListIsRefused() throws Exception {
        String es256 = realm.clientToken("rt-es");
        assertThat(SignedJWT.parse(es256).getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);

        assertThat(refusal(authenticator(), bearer(es256)).code()).isEqualTo(AuthenticationException.TOKEN_INVALID);
        Authenticator both = authenticator(List.of("RS256", "ES256"), List.of(Realm.AUDIENCE), realm.issuer());
        assertThat(user(both, bearer(es256)).roles()).isNotEmpty();
    }

    @Test
    void anUnsignedTokenIsRefused() throws Exception {
        String[] parts = realm.passwordToken("alice").split("\\.");
        String none = Base64URL.encode("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8))
                + "." + parts[1] + ".";

        assertThat(refusal(authenticator(), bearer(none)).code()).isEqualTo(AuthenticationException.TOKEN_INVALID);
    }

    @Test
    void aTokenWhoseClaimsWereChangedUnderItsSignatureIsRefused() throws Exception {
        String[] parts = realm.passwordToken("bob").split("\\.");
        String claims = new String(Base64URL.from(parts[1]).decode(), StandardCharsets.UTF_8)
                .replace("\"reader\"", "\"rt-admin\"");
        String forged = parts[0] + "." + Base64URL.encode(claims.getBytes(StandardCharsets.UTF_8)) + "." + parts[2];

        assertThat(refusal(authenticator(), bearer(forged)).code()).isEqualTo(AuthenticationException.TOKEN_INVALID);
    }

    @Test
    void anHs256TokenSignedWithTheRealmsPublicKeyIsRefused() throws Exception {
        String real = realm.passwordToken("alice");
        String kid = SignedJWT.parse(real).getHeader().getKeyID();
        JWKSet keys = JWKSet.load(new URL(realm.issuer() + "/protocol/openid-connect/certs"));
        RSAKey published = (RSAKey) keys.getKeyByKeyId(kid);
        JWTClaimsSet claims = new JWTClaimsSet.Builder(SignedJWT.parse(real).getJWTClaimsSet())
                .claim("realm_access", Map.of("roles", List.of(User.ADMIN_ROLE))).build();

        for (byte[] secret : List.of(published.toRSAPublicKey().getEncoded(),
                published.toJSONString().getBytes(StandardCharsets.UTF_8))) {
            SignedJWT confused = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(kid).build(), claims);
            confused.sign(new MACSigner(secret));
            assertThat(refusal(authenticator(), bearer(confused.serialize())).code())
                    .isEqualTo(AuthenticationException.TOKEN_INVALID);
        }
    }
}
