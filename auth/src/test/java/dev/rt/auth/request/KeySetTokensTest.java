package dev.rt.auth.request;

import static dev.rt.auth.request.Calls.bearer;
import static dev.rt.auth.request.Calls.refusal;
import static dev.rt.auth.request.Calls.user;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.rt.auth.settings.AuthSettings;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Tokens signed by an issuer's keys, fetched from its key set: rotation, unknown keys, key confusion. */
class KeySetTokensTest {
    private static RSAKey first;
    private static RSAKey second;
    private static ECKey elliptic;

    private final KeySetServer issuer = new KeySetServer();
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final Authenticator authenticator = Authenticator.builder(AuthSettings.from(Map.of("jwt", Map.of(
            "jwks", Map.of("allowedDomains", List.of(issuer.issuer()), "refreshInterval", 30_000),
            "verify", Map.of("algorithms", List.of("RS256", "ES256")))))).clock(clock::get).build();

    @BeforeAll
    static void keys() throws Exception {
        first = new RSAKeyGenerator(2048).keyID("first").generate();
        second = new RSAKeyGenerator(2048).keyID("second").generate();
        elliptic = new ECKeyGenerator(Curve.P_256).keyID("ec").generate();
    }

    @AfterEach
    void stop() {
        issuer.close();
    }

    private JWTClaimsSet claims(String issuerUrl) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(issuerUrl).subject("robot").claim("X-RT-ROLE", "robot")
                .expirationTime(Date.from(now.plusSeconds(60))).build();
    }

    private String rs256(RSAKey key, String issuerUrl) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                claims(issuerUrl));
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    @Test
    void keysAreFetchedOnceThenCheckedFromTheCache() throws Exception {
        issuer.publish(List.of(first.toPublicJWK(), elliptic.toPublicJWK()));

        for (int i = 0; i < 5; i++) {
            assertThat(user(authenticator, bearer(rs256(first, issuer.issuer()))).roles()).containsExactly("robot");
        }
        SignedJWT ec = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("ec").build(),
                claims(issuer.issuer()));
        ec.sign(new ECDSASigner(elliptic));
        assertThat(user(authenticator, bearer(ec.serialize())).id()).contains("robot");
        assertThat(issuer.fetches()).isEqualTo(1);
    }

    @Test
    void anUnknownKeyFetchesTheSetAgainAtMostOncePerInterval() throws Exception {
        issuer.publish(List.of(first.toPublicJWK()));
        user(authenticator, bearer(rs256(first, issuer.issuer())));
        RSAKey forged = new RSAKeyGenerator(2048).keyID("forged").generate();

        for (int i = 0; i < 20; i++) {
            assertThat(refusal(authenticator, bearer(rs256(forged, issuer.issuer()))).code())
                    .isEqualTo("RT_AUTH_TOKEN_INVALID");
        }
        assertThat(issuer.fetches()).isEqualTo(2);
        clock.addAndGet(30_000);
        refusal(authenticator, bearer(rs256(forged, issuer.issuer())));
        refusal(authenticator, bearer(rs256(forged, issuer.issuer())));
        assertThat(issuer.fetches()).isEqualTo(3);
    }

    @Test
    void aRotatedKeyIsFoundWithOneFetchAndTheOldOneHoldsWhilePublished() throws Exception {
        issuer.publish(List.of(first.toPublicJWK()));
        String old = rs256(first, issuer.issuer());
        user(authenticator, bearer(old));

        issuer.publish(List.of(first.toPublicJWK(), second.toPublicJWK()));
        assertThat(user(authenticator, bearer(rs256(second, issuer.issuer()))).id()).contains("robot");
        assertThat(user(authenticator, bearer(old)).id()).contains("robot");
        assertThat(issuer.fetches()).isEqualTo(2);
    }

    @Test
    void anHmacTokenSignedWithThePublicKeyIsRefused() throws Exception {
        issuer.publish(List.of(first.toPublicJWK()));
        byte[] publicKeyAsSecret = first.toPublicJWK().toRSAPublicKey().getEncoded();
        SignedJWT confused = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("first").build(),
                claims(issuer.issuer()));
        confused.sign(new MACSigner(publicKeyAsSecret));

        assertThat(refusal(authenticator, bearer(confused.serialize())).getMessage())
                .isEqualTo("the bearer token is not valid: its algorithm HS256 is not allowed");
        assertThat(issuer.fetches()).isZero();
    }

    @Test
    void anIssuerNotAllowedIsRefusedWithoutFetchingItsKeys() throws Exception {
        try (KeySetServer evil = new KeySetServer()) {
            evil.publish(List.of(first.toPublicJWK()));

            assertThat(refusal(authenticator, bearer(rs256(first, evil.issuer()))).getMessage())
                    .isEqualTo("the bearer token is not valid: its issuer is not allowed");
            assertThat(evil.fetches()).isZero();
        }
    }

    @Test
    void anAlgorithmOutsideTheAllowListIsRefused() throws Exception {
        issuer.publish(List.of(first.toPublicJWK()));
        SignedJWT rs512 = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS512).keyID("first").build(),
                claims(issuer.issuer()));
        rs512.sign(new RSASSASigner(first));

        assertThat(refusal(authenticator, bearer(rs512.serialize())).getMessage())
                .isEqualTo("the bearer token is not valid: its algorithm RS512 is not allowed");
    }
}
