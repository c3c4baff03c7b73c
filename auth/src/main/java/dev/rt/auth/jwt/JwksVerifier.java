package dev.rt.auth.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.ResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.rt.auth.settings.JwksSettings;
import dev.rt.auth.settings.JwtSettings;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * Tokens signed by the keys of an allowed issuer: the token's {@code iss} chooses the issuer (any other issuer is
 * refused before a key is looked for), the issuer's key set the key, the allow-list the algorithm (nimbus matches the
 * key type to it: an RSA key for RS* and PS*, an EC key for ES*; an HMAC token is refused, so a token signed with an
 * issuer's public key as an HMAC secret never checks).
 */
final class JwksVerifier implements TokenVerifier {
    private final Set<JWSAlgorithm> algorithms;
    private final Executor blocking;
    private final Map<String, Issuer> issuers = new HashMap<>();

    private record Issuer(IssuerKeys keys, DefaultJWTProcessor<SecurityContext> processor) {
    }

    JwksVerifier(JwtSettings settings, Executor blocking, ResourceRetriever retriever, LongSupplier clock) {
        this.algorithms = settings.algorithms().stream().map(JWSAlgorithm::parse).collect(Collectors.toSet());
        this.blocking = blocking;
        JwksSettings jwks = settings.jwks().orElseThrow();
        ClaimsCheck claims = new ClaimsCheck(settings);
        for (String issuer : jwks.allowedDomains()) {
            IssuerKeys keys = new IssuerKeys(issuer, jwks, retriever, clock);
            DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
            processor.setJWSKeySelector(new JWSVerificationKeySelector<>(algorithms, keys.source()));
            processor.setJWTClaimsSetVerifier(claims);
            issuers.put(issuer, new Issuer(keys, processor));
        }
    }

    @Override
    public CompletionStage<Map<String, Object>> verify(String token) {
        try {
            SignedJWT jwt = Tokens.parseSigned(token);
            if (!algorithms.contains(jwt.getHeader().getAlgorithm())) {
                throw Tokens.invalid("its algorithm " + jwt.getHeader().getAlgorithm() + " is not allowed", null);
            }
            JWTClaimsSet unverified = Tokens.unverifiedClaims(jwt);
            String named = unverified.getIssuer();
            Issuer issuer = named == null ? null : issuers.get(JwksSettings.withSlash(named));
            if (issuer == null) {
                throw Tokens.invalid(named == null ? "it names no issuer" : "its issuer is not allowed", null);
            }
            switch (issuer.keys().readiness(jwt.getHeader())) {
                case AT_HAND:
                    return CompletableFuture.completedFuture(check(issuer, jwt));
                case LIMITED:
                    throw Tokens.invalid("its key " + jwt.getHeader().getKeyID() + " is not among the issuer's keys", null);
                default:
                    return CompletableFuture.supplyAsync(() -> check(issuer, jwt), blocking);
            }
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static Map<String, Object> check(Issuer issuer, SignedJWT jwt) {
        try {
            return issuer.processor().process(jwt, null).toJSONObject();
        } catch (BadJOSEException | JOSEException e) {
            throw Tokens.refusal(e);
        }
    }
}
