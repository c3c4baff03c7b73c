package dev.rt.auth.jwt;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.ImmutableSecret;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.rt.auth.settings.JwtSettings;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/** Tokens signed with the shared secret (HMAC), checked on the caller's thread: no key to fetch. */
final class SecretVerifier implements TokenVerifier {
    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

    SecretVerifier(JwtSettings settings, LongSupplier clock) {
        byte[] secret = settings.secret().orElseThrow().getBytes(StandardCharsets.UTF_8);
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(
                settings.algorithms().stream().map(JWSAlgorithm::parse).collect(Collectors.toSet()),
                new ImmutableSecret<>(secret)));
        processor.setJWTClaimsSetVerifier(new ClaimsCheck(settings, clock));
    }

    @Override
    public CompletionStage<Map<String, Object>> verify(String token) {
        try {
            return CompletableFuture.completedFuture(processor.process(Tokens.parseSigned(token), null).toJSONObject());
        } catch (BadJOSEException | JOSEException e) {
            return CompletableFuture.failedFuture(Tokens.refusal(e));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
