package dev.rt.supervisor.limit;

import dev.rt.auth.RequestHeaders;
import dev.rt.auth.request.Authenticator;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * {@code keyGenerator.claim} through the auth module: the request's credentials are verified as the entrypoint
 * service verifies them (its {@code authorization} section), and the claim read from the user they prove. A request
 * whose credentials do not hold has no claim (the service answers it 401), and is counted by its address: a forged
 * token never buys a fresh key.
 */
final class AuthenticatedClaim implements ClaimKey {
    private final Authenticator authenticator;
    private final String claim;

    AuthenticatedClaim(Authenticator authenticator, String claim) {
        this.authenticator = authenticator;
        this.claim = claim;
    }

    @Override
    public CompletionStage<Optional<String>> of(HttpHeaders headers) {
        return authenticator.authenticate(new NettyHeaders(headers))
                .thenApply(user -> user.field(claim).map(Object::toString))
                .exceptionally(failed -> Optional.empty());
    }

    /** Netty's headers as the auth module reads them. */
    private record NettyHeaders(HttpHeaders headers) implements RequestHeaders {
        @Override
        public Optional<String> first(String name) {
            return Optional.ofNullable(headers.get(name));
        }

        @Override
        public void forEach(BiConsumer<String, String> action) {
            headers.forEach(header -> action.accept(header.getKey(), header.getValue()));
        }
    }
}
