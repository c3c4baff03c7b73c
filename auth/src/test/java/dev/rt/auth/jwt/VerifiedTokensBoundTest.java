package dev.rt.auth.jwt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.rt.auth.settings.AuthSettings;
import dev.rt.auth.settings.JwtSettings;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What {@link VerifiedTokens} holds: no more than its bound, and claims no caller can change. */
class VerifiedTokensBoundTest {
    private static final long START = 1_800_000_000_000L;

    private final FakeIssuer issuer = new FakeIssuer();
    private final AtomicLong clock = new AtomicLong(START);
    private final JwtSettings settings = AuthSettings.from(Map.of("jwt", Map.of("jwks", Map.of("allowedDomains",
            List.of(FakeIssuer.URL))))).jwt().orElseThrow();

    @Test
    void tenThousandDistinctTokensStayWithinTheBound() throws Exception {
        IssuerKeys keys = new IssuerKeys(FakeIssuer.URL, settings.jwks().orElseThrow(), issuer, clock::get);
        keys.source().get(new JWKSelector(new JWKMatcher.Builder().build()), null);
        VerifiedTokens verified = new VerifiedTokens(VerifiedTokens.MAX_CHARACTERS, 0, clock::get);
        JWTClaimsSet claims = VerifiedTokensTest.claims(START + 30_000).build();
        String padding = "t".repeat(1_000);

        for (int i = 0; i < 10_000; i++) {
            String token = padding + i;
            verified.keep(VerifiedTokens.key(token), token, claims, keys, keys.generation());
        }
        assertThat(verified.weight()).isLessThanOrEqualTo(VerifiedTokens.MAX_CHARACTERS)
                .isGreaterThan(VerifiedTokens.MAX_CHARACTERS / 2);
        List<String> found = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            if (verified.find(VerifiedTokens.key(padding + i)) != null) {
                found.add(padding + i);
            }
        }
        assertThat(found).isNotEmpty().hasSizeLessThanOrEqualTo((int) (VerifiedTokens.MAX_CHARACTERS / 1_000));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theClaimsAnsweredCannotBeChangedByTheirCaller() throws Exception {
        var key = new RSAKeyGenerator(2048).keyID("first").generate();
        issuer.publish(List.of(key.toPublicJWK()));
        TokenVerifier verifier = new JwksVerifier(settings, Runnable::run, issuer, clock::get, issuer,
                VerifiedTokens.MAX_CHARACTERS);
        String token = FakeIssuer.sign(key, VerifiedTokensTest.claims(START + 30_000)
                .claim("groups", List.of("a", "b")).build());

        Map<String, Object> claims = verifier.verify(token).toCompletableFuture().join();
        assertThatThrownBy(() -> claims.put("X-RT-ROLE", "rt-admin")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> ((List<Object>) claims.get("groups")).add("admins"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(verifier.verify(token).toCompletableFuture().join().get("groups")).isEqualTo(List.of("a", "b"));
        assertThat(issuer.checks()).isEqualTo(1);
    }
}
