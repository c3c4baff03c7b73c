package dev.rt.auth.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.rt.auth.AuthenticationException;
import dev.rt.auth.RequestHeaders;
import dev.rt.auth.User;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/** Runs an authenticator on headers and reads its answer or its refusal, for these tests. */
final class Calls {
    private Calls() {
    }

    static User user(Authenticator authenticator, Map<String, String> headers) {
        try {
            return authenticator.authenticate(RequestHeaders.of(headers)).toCompletableFuture().get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("expected a user, got " + e, e);
        }
    }

    static AuthenticationException refusal(Authenticator authenticator, Map<String, String> headers) {
        Throwable thrown = catchThrowable(() -> authenticator.authenticate(RequestHeaders.of(headers))
                .toCompletableFuture().join());
        Throwable cause = thrown instanceof CompletionException ? thrown.getCause() : thrown;
        assertThat(cause).isInstanceOf(AuthenticationException.class);
        return (AuthenticationException) cause;
    }

    static Map<String, String> bearer(String token) {
        return Map.of("Authorization", "Bearer " + token);
    }
}
