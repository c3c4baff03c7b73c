package dev.rt.auth.request;

import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.ResourceRetriever;
import dev.rt.auth.AuthenticationException;
import dev.rt.auth.RequestHeaders;
import dev.rt.auth.User;
import dev.rt.auth.forward.IdentitySeal;
import dev.rt.auth.jwt.TokenVerifier;
import dev.rt.auth.settings.AuthSettings;
import dev.rt.auth.settings.JwtSettings;
import dev.rt.auth.webhook.Webhook;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

/**
 * Who a request's caller is, in this order, the first that applies deciding:
 * <ol>
 * <li>{@code X-RT-IDENTITY}: an identity the runtime forwarded (a gateway's, a plugin's caller), if sealed by this
 * runtime; else 401;</li>
 * <li>{@code X-RT-ADMIN-SECRET}, when {@code adminSecret} is set: full access or impersonation; a wrong secret is a
 * 401;</li>
 * <li>{@code Authorization: Bearer <token>}, when {@code jwt} is set: the token's claims; a token that does not
 * hold is a 401, unless a webhook is set, which then decides (as the reference tries its strategies in turn);</li>
 * <li>the webhook, when set: its answer, or 401;</li>
 * <li>else the anonymous role.</li>
 * </ol>
 * Headers a client sends never grant a role by themselves: {@code X-RT-ROLE} and {@code X-RT-USER-ID} are read only
 * with a valid admin secret. Thread-safe; one per service (or gateway).
 */
public final class Authenticator {
    private static final String BEARER = "bearer ";

    private final UserFields users;
    private final Optional<AdminSecret> adminSecret;
    private final Optional<TokenVerifier> tokens;
    private final Optional<String> namespace;
    private final Optional<Webhook> webhook;
    private final Optional<IdentitySeal> seal;

    private Authenticator(Builder builder) {
        AuthSettings settings = builder.settings;
        this.users = new UserFields(settings);
        this.adminSecret = settings.adminSecret().map(AdminSecret::new);
        this.tokens = settings.jwt().map(jwt -> TokenVerifier.of(jwt, builder.blocking, builder.retriever(jwt),
                builder.clock));
        this.namespace = settings.jwt().flatMap(JwtSettings::namespace);
        this.webhook = settings.webhook().map(hook -> new Webhook(hook, builder.proxies));
        this.seal = builder.seal;
    }

    /** An authenticator for these settings; the builder's other parts have defaults fit for a worker. */
    public static Builder builder(AuthSettings settings) {
        return new Builder(settings);
    }

    /**
     * The caller of a request with these headers. Completes at once unless a key set must be fetched or the webhook
     * asked; fails with an {@link AuthenticationException} for credentials that do not hold.
     */
    public CompletionStage<User> authenticate(RequestHeaders headers) {
        try {
            Optional<String> forwarded = headers.first(IdentitySeal.HEADER);
            if (forwarded.isPresent()) {
                IdentitySeal key = seal.orElseThrow(() -> new AuthenticationException(
                        AuthenticationException.IDENTITY_INVALID, "the " + IdentitySeal.HEADER + " header is not"
                        + " valid: this service runs outside a runtime"));
                return CompletableFuture.completedFuture(key.open(forwarded.get(), Instant.now()));
            }
            Optional<String> secret = headers.first(User.ADMIN_SECRET);
            if (secret.isPresent() && adminSecret.isPresent()) {
                return CompletableFuture.completedFuture(adminSecret.get().admit(secret.get(), headers));
            }
            Optional<String> token = bearer(headers);
            if (token.isPresent() && tokens.isPresent()) {
                CompletionStage<User> fromToken = tokens.get().verify(token.get())
                        .thenApply(claims -> users.fromClaims(claims, namespace));
                return webhook.isEmpty() ? fromToken : fromToken.exceptionallyCompose(failed -> ask(headers));
            }
            return webhook.isPresent() ? ask(headers) : CompletableFuture.completedFuture(users.anonymous());
        } catch (AuthenticationException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private CompletionStage<User> ask(RequestHeaders headers) {
        return webhook.orElseThrow().ask(headers).thenApply(answer -> users.fromClaims(answer, Optional.empty()));
    }

    private static Optional<String> bearer(RequestHeaders headers) {
        Optional<String> authorization = headers.first("authorization");
        if (authorization.isEmpty()) {
            return Optional.empty();
        }
        String value = authorization.get();
        if (value.length() > TokenVerifier.MAX_TOKEN_LENGTH + BEARER.length()) {
            throw new AuthenticationException(AuthenticationException.TOKEN_TOO_LARGE, "the Authorization header is"
                    + " longer than " + (TokenVerifier.MAX_TOKEN_LENGTH + BEARER.length()) + " characters");
        }
        if (!value.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return Optional.empty();
        }
        return Optional.of(value.substring(BEARER.length()).trim());
    }

    /** The parts of an authenticator: its settings, and how it reaches the network, with defaults. */
    public static final class Builder {
        private final AuthSettings settings;
        private Executor blocking = JwksThreads.SHARED;
        private ProxySelector proxies = ProxySelector.getDefault() == null
                ? HttpClient.Builder.NO_PROXY : ProxySelector.getDefault();
        private ResourceRetriever retriever;
        private LongSupplier clock = System::currentTimeMillis;
        private Optional<IdentitySeal> seal = Optional.empty();

        private Builder(AuthSettings settings) {
            this.settings = settings;
        }

        /** Where checks that fetch key sets run (a small pool of daemon threads by default). */
        public Builder blocking(Executor executor) {
            this.blocking = executor;
            return this;
        }

        /** How the webhook is reached: the worker's proxy selector (the mesh for {@code *.rt.local}) by default. */
        public Builder proxies(ProxySelector selector) {
            this.proxies = selector;
            return this;
        }

        /** How key sets and OpenID configurations are fetched (nimbus's retriever with jwks.timeout by default). */
        public Builder retriever(ResourceRetriever resourceRetriever) {
            this.retriever = resourceRetriever;
            return this;
        }

        /**
         * The clock, in milliseconds since the epoch, of the refresh interval, the key sets' age, the tokens'
         * {@code exp} and {@code nbf}, and the tokens kept verified (the system's clock by default).
         */
        public Builder clock(LongSupplier millis) {
            this.clock = millis;
            return this;
        }

        /** The runtime's seal, to read identities it forwards. */
        public Builder seal(IdentitySeal identitySeal) {
            this.seal = Optional.of(identitySeal);
            return this;
        }

        public Authenticator build() {
            return new Authenticator(this);
        }

        private ResourceRetriever retriever(JwtSettings jwt) {
            if (retriever != null) {
                return retriever;
            }
            int timeout = jwt.jwks().map(jwks -> (int) jwks.timeout().toMillis()).orElse(5_000);
            return new DefaultResourceRetriever(timeout, timeout, 1024 * 1024);
        }
    }
}
