package dev.rt.auth.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.JWSVerifierFactory;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.ResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.rt.auth.settings.JwksSettings;
import dev.rt.auth.settings.JwtSettings;
import java.nio.ByteBuffer;
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
 * issuer's public key as an HMAC secret never checks). A token verified before is answered from {@link VerifiedTokens}
 * while it holds.
 */
final class JwksVerifier implements TokenVerifier {
    private final Set<JWSAlgorithm> algorithms;
    private final Executor blocking;
    private final Map<String, Issuer> issuers = new HashMap<>();
    private final VerifiedTokens verified;

    private record Issuer(IssuerKeys keys, DefaultJWTProcessor<SecurityContext> processor) {
    }

    JwksVerifier(JwtSettings settings, Executor blocking, ResourceRetriever retriever, LongSupplier clock) {
        this(settings, blocking, retriever, clock, new DefaultJWSVerifierFactory(), VerifiedTokens.MAX_CHARACTERS);
    }

    /** With the factory of nimbus's signature checks, and the bound of the verified tokens kept. */
    JwksVerifier(JwtSettings settings, Executor blocking, ResourceRetriever retriever, LongSupplier clock,
            JWSVerifierFactory signatures, long maxCharacters) {
        this.algorithms = settings.algorithms().stream().map(JWSAlgorithm::parse).collect(Collectors.toSet());
        this.blocking = blocking;
        JwksSettings jwks = settings.jwks().orElseThrow();
        ClaimsCheck claims = new ClaimsCheck(settings, clock);
        this.verified = new VerifiedTokens(maxCharacters, claims.getMaxClockSkew(), clock);
        for (String issuer : jwks.allowedDomains()) {
            IssuerKeys keys = new IssuerKeys(issuer, jwks, retriever, clock);
            DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
            processor.setJWSKeySelector(new JWSVerificationKeySelector<>(algorithms, keys.source()));
            processor.setJWTClaimsSetVerifier(claims);
            processor.setJWSVerifierFactory(signatures);
            issuers.put(issuer, new Issuer(keys, processor));
        }
    }

    @Override
    public CompletionStage<Map<String, Object>> verify(String token) {
        try {
            ByteBuffer key = token.length() <= MAX_TOKEN_LENGTH ? VerifiedTokens.key(token) : null;
            Map<String, Object> known = key == null ? null : verified.find(key);
            if (known != null) {
                return CompletableFuture.completedFuture(known);
            }
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
            long generation = issuer.keys().generation();
            switch (issuer.keys().readiness(jwt.getHeader())) {
                case AT_HAND:
                    return CompletableFuture.completedFuture(check(key, token, issuer, jwt, generation));
                case LIMITED:
                    throw Tokens.invalid("its key " + jwt.getHeader().getKeyID() + " is not among the issuer's keys", null);
                default:
                    return CompletableFuture.supplyAsync(() -> check(key, token, issuer, jwt, generation), blocking);
            }
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private Map<String, Object> check(ByteBuffer key, String token, Issuer issuer, SignedJWT jwt, long generation) {
        try {
            return verified.keep(key, token, issuer.processor().process(jwt, null), issuer.keys(), generation);
        } catch (BadJOSEException | JOSEException e) {
            throw Tokens.refusal(e);
        }
    }
}
