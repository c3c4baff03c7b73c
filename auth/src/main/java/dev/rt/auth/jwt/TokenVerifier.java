package dev.rt.auth.jwt;

import com.nimbusds.jose.util.ResourceRetriever;
import dev.rt.auth.AuthenticationException;
import dev.rt.auth.settings.JwtSettings;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

/** Checks a bearer token and answers its claims, or fails with an {@link AuthenticationException}. */
public interface TokenVerifier {

    /** The longest token read, in characters: a longer one is refused before it is parsed. */
    int MAX_TOKEN_LENGTH = 8192;

    /**
     * The token's claims as JSON values of JDK types ({@code exp} as seconds), once its signature and claims hold.
     * Completes at once when the keys needed are at hand; otherwise on {@code blocking}, where key sets are fetched.
     * A token an issuer's key set verified is kept while it holds, and not verified again (see VerifiedTokens).
     */
    CompletionStage<Map<String, Object>> verify(String token);

    /**
     * @param settings  the {@code jwt} settings
     * @param blocking  where a check that must fetch a key set runs
     * @param retriever fetches key sets and OpenID configurations
     * @param clock     milliseconds since the epoch: the refresh interval, the key sets' age, {@code exp} and
     *                  {@code nbf}
     */
    static TokenVerifier of(JwtSettings settings, Executor blocking, ResourceRetriever retriever, LongSupplier clock) {
        if (settings.secret().isPresent()) {
            return new SecretVerifier(settings, clock);
        }
        return new JwksVerifier(settings, blocking, retriever, clock);
    }
}
