package dev.rt.auth.jwt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.rt.auth.AuthenticationException;
import dev.rt.auth.settings.AuthSettings;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tokens verified once and served from {@link VerifiedTokens}: only while they hold, and only the very same token. */
class VerifiedTokensTest {
    private static final long START = 1_800_000_000_000L;
    private static RSAKey first;
    private static RSAKey second;

    private final FakeIssuer issuer = new FakeIssuer();
    private final AtomicLong clock = new AtomicLong(START);
    private final TokenVerifier verifier = new JwksVerifier(AuthSettings.from(Map.of("jwt", Map.of(
            "jwks", Map.of("allowedDomains", List.of(FakeIssuer.URL)), "verify", Map.of("clockTolerance", 5000))))
            .jwt().orElseThrow(), Runnable::run, issuer, clock::get, issuer, VerifiedTokens.MAX_CHARACTERS);

    @BeforeAll
    static void keys() throws Exception {
        first = new RSAKeyGenerator(2048).keyID("first").generate();
        second = new RSAKeyGenerator(2048).keyID("second").generate();
    }

    @BeforeEach
    void publish() {
        issuer.publish(List.of(first.toPublicJWK()));
    }

    static JWTClaimsSet.Builder claims(long expires) {
        return new JWTClaimsSet.Builder().issuer(FakeIssuer.URL).subject("robot").claim("X-RT-ROLE", "robot")
                .expirationTime(new Date(expires));
    }

    private Map<String, Object> claimsOf(String token) {
        return verifier.verify(token).toCompletableFuture().join();
    }

    private AuthenticationException refusal(String token) {
        Throwable thrown = catchThrowable(() -> verifier.verify(token).toCompletableFuture().join());
        assertThat(thrown).isInstanceOf(CompletionException.class).hasCauseInstanceOf(AuthenticationException.class);
        return (AuthenticationException) thrown.getCause();
    }

    @Test
    void aTokenVerifiedOnceIsNotCheckedAgain() throws Exception {
        String token = FakeIssuer.sign(first, claims(START + 30_000).build());

        for (int i = 0; i < 5; i++) {
            assertThat(claimsOf(token)).containsEntry("sub", "robot");
        }
        assertThat(issuer.checks()).isEqualTo(1);
    }

    @Test
    void aKeptTokenIsRefusedOnceItsExpiryAndTheSkewHavePassed() throws Exception {
        String token = FakeIssuer.sign(first, claims(START + 30_000).build());
        claimsOf(token);

        clock.set(START + 30_000 + 5_000 - 1);
        assertThat(claimsOf(token)).containsEntry("sub", "robot");
        assertThat(issuer.checks()).isEqualTo(1);
        clock.set(START + 30_000 + 5_000);
        assertThat(refusal(token).code()).isEqualTo(AuthenticationException.TOKEN_EXPIRED);
        assertThat(refusal(token).code()).isEqualTo(AuthenticationException.TOKEN_EXPIRED);
        assertThat(issuer.checks()).as("a refusal is never kept").isEqualTo(3);
    }

    @Test
    void aKeptTokenIsRefusedWhenTheClockIsBeforeItsNotBefore() throws Exception {
        String token = FakeIssuer.sign(first, claims(START + 30_000).notBeforeTime(new Date(START + 3_000)).build());
        claimsOf(token);

        clock.set(START - 2_000 - 1);
        assertThat(refusal(token).getMessage()).contains("before use time");
        assertThat(issuer.checks()).isEqualTo(2);
    }

    @Test
    void anotherSignatureOverTheSameHeaderAndClaimsIsCheckedAndRefused() throws Exception {
        JWTClaimsSet same = claims(START + 30_000).build();
        String token = FakeIssuer.sign(first, same);
        claimsOf(token);
        String forged = FakeIssuer.sign(new RSAKeyGenerator(2048).keyID("first").generate(), same);
        assertThat(forged.substring(0, forged.lastIndexOf('.'))).isEqualTo(token.substring(0, token.lastIndexOf('.')));

        assertThat(refusal(forged).code()).isEqualTo(AuthenticationException.TOKEN_INVALID);
        assertThat(refusal(forged).code()).isEqualTo(AuthenticationException.TOKEN_INVALID);
        assertThat(issuer.checks()).isEqualTo(3);
        assertThat(claimsOf(token)).containsEntry("sub", "robot");
        assertThat(issuer.checks()).isEqualTo(3);
    }

    @Test
    void aTokenOfAKeyWithdrawnIsRefusedOnceAFetchFindsTheKeyGone() throws Exception {
        String old = FakeIssuer.sign(first, claims(START + 30_000).build());
        claimsOf(old);

        issuer.publish(List.of(second.toPublicJWK()));
        assertThat(claimsOf(FakeIssuer.sign(second, claims(START + 30_000).build()))).containsEntry("sub", "robot");
        assertThat(issuer.fetches()).isEqualTo(2);
        assertThat(refusal(old).getMessage()).contains("its key first is not among the issuer's keys");
    }

    @Test
    void aFetchThatKeepsEveryKeyKeepsTheTokens() throws Exception {
        String token = FakeIssuer.sign(first, claims(START + 30_000).build());
        claimsOf(token);

        refusal(FakeIssuer.sign(new RSAKeyGenerator(2048).keyID("stranger").generate(), claims(START + 30_000).build()));
        assertThat(issuer.fetches()).isEqualTo(2);
        assertThat(claimsOf(token)).containsEntry("sub", "robot");
        assertThat(issuer.checks()).isEqualTo(1);
    }

    @Test
    void aTokenIsCheckedAgainWhenTheKeySetThatVerifiedItIsDueToBeFetched() throws Exception {
        String token = FakeIssuer.sign(first, claims(START + 600_000).build());
        claimsOf(token);

        clock.set(START + 60_000 - 1);
        claimsOf(token);
        assertThat(issuer.checks()).isEqualTo(1);
        clock.set(START + 60_000);
        assertThat(claimsOf(token)).containsEntry("sub", "robot");
        assertThat(issuer.checks()).isEqualTo(2);
    }
}
