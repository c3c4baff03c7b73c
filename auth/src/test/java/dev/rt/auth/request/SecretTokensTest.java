package dev.rt.auth.request;

import static dev.rt.auth.request.Calls.bearer;
import static dev.rt.auth.request.Calls.refusal;
import static dev.rt.auth.request.Calls.user;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.rt.auth.AuthenticationException;
import dev.rt.auth.User;
import dev.rt.auth.settings.AuthSettings;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tokens signed with a shared secret, and what an attacker sends instead. */
class SecretTokensTest {
    private static final String SECRET = "an HS256 secret of at least 32 bytes!";

    private final Authenticator authenticator = Authenticator.builder(AuthSettings.from(Map.of(
            "jwt", Map.of("secret", SECRET, "namespace", "https://rt.dev/",
                    "verify", Map.of("allowedAud", List.of("api"), "allowedIss", "https://issuer.example/",
                            "clockTolerance", 2000))))).build();

    static String sign(String secret, JWTClaimsSet claims) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT).build(),
                claims);
        jwt.sign(new MACSigner(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        return jwt.serialize();
    }

    private static JWTClaimsSet.Builder valid() {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer("https://issuer.example").audience("api").subject("u-42")
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(60)))
                .claim("https://rt.dev/X-RT-ROLE", "user, editor").claim("email", "ada@example.com");
    }

    @Test
    void aValidTokenIsItsClaimsWithTheNamespaceRemovedAndTheReservedFields() throws Exception {
        User user = user(authenticator, bearer(sign(SECRET, valid().build())));

        assertThat(user.roles()).containsExactly("user", "editor");
        assertThat(user.id()).contains("u-42");
        assertThat(user.fields()).containsEntry("email", "ada@example.com").containsEntry("X-RT-ROLE", "user,editor")
                .doesNotContainKeys("iss", "iat", "https://rt.dev/X-RT-ROLE");
    }

    @Test
    void noCredentialsIsTheAnonymousRole() {
        assertThat(user(authenticator, Map.of()).roles()).containsExactly("anonymous");
        assertThat(user(authenticator, Map.of("Authorization", "Basic YTpi")).roles()).containsExactly("anonymous");
    }

    @Test
    void anUnsignedTokenIsRefused() {
        String none = new PlainJWT(valid().build()).serialize();

        AuthenticationException refused = refusal(authenticator, bearer(none));
        assertThat(refused.code()).isEqualTo("RT_AUTH_TOKEN_INVALID");
        assertThat(refused.getMessage()).isEqualTo("the bearer token is not valid: it is not signed");
        assertThat(refusal(authenticator, bearer(none.replace("eyJhbGciOiJub25lIn0", "eyJhbGciOiJOT05FIn0"))).code())
                .isEqualTo("RT_AUTH_TOKEN_INVALID");
    }

    @Test
    void aTokenSignedWithAnotherSecretIsRefused() throws Exception {
        assertThat(refusal(authenticator, bearer(sign("another secret of at least 32 bytes!!", valid().build())))
                .getMessage()).isEqualTo("the bearer token is not valid: Signed JWT rejected: Invalid signature");
    }

    @Test
    void expiryAndNotBeforeHoldBeyondTheClockTolerance() throws Exception {
        Instant now = Instant.now();
        assertThat(refusal(authenticator, bearer(sign(SECRET, valid().expirationTime(Date.from(now.minusSeconds(10)))
                .build()))).code()).isEqualTo("RT_AUTH_TOKEN_EXPIRED");
        assertThat(refusal(authenticator, bearer(sign(SECRET, valid().notBeforeTime(Date.from(now.plusSeconds(30)))
                .build()))).getMessage()).isEqualTo("the bearer token is not valid: JWT before use time");
        // within the 2 s of clockTolerance
        assertThat(user(authenticator, bearer(sign(SECRET, valid().expirationTime(Date.from(now.minusMillis(500)))
                .build()))).id()).contains("u-42");
    }

    @Test
    void theAudienceAndTheIssuerMustBeAllowed() throws Exception {
        assertThat(refusal(authenticator, bearer(sign(SECRET, valid().audience("other").build()))).getMessage())
                .isEqualTo("the bearer token is not valid: JWT aud claim rejected");
        assertThat(refusal(authenticator, bearer(sign(SECRET, valid().audience((String) null).build()))).getMessage())
                .isEqualTo("the bearer token is not valid: JWT missing required aud claim");
        assertThat(refusal(authenticator, bearer(sign(SECRET, valid().issuer("https://evil.example/").build())))
                .getMessage()).isEqualTo("the bearer token is not valid: JWT iss claim rejected");
    }

    @Test
    void aHugeTokenIsRefusedBeforeItIsParsed() {
        String huge = "e".repeat(1024 * 1024);

        AuthenticationException refused = refusal(authenticator, bearer(huge));
        assertThat(refused.code()).isEqualTo("RT_AUTH_TOKEN_TOO_LARGE");
        assertThat(refused.getCause()).isNull();
    }

    @Test
    void rolesComeFromRolePathWhenItIsSet() throws Exception {
        Authenticator byPath = Authenticator.builder(AuthSettings.from(Map.of("rolePath", "realm_access.roles",
                "anonymousRole", "guest", "jwt", Map.of("secret", SECRET)))).build();

        assertThat(user(byPath, bearer(sign(SECRET, valid().claim("realm_access", Map.of("roles", List.of("a", "b")))
                .build()))).roles()).containsExactly("a", "b");
        assertThat(user(byPath, bearer(sign(SECRET, valid().build()))).roles()).containsExactly("guest");
        assertThat(user(byPath, Map.of()).roles()).containsExactly("guest");
    }
}
