package dev.rt.supervisor.limit;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpRequest;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * Decides for each request: its key (the client's address, or the {@code keyGenerator}'s header or claim, the address
 * when the request has none), counted in the store; beyond {@code max} in a window, refused. Addresses of the allow
 * list pass uncounted. A key longer than {@value #MAX_KEY} characters is counted by its SHA-256, so that a forged
 * header costs the store no more than a short one. A store that fails lets the request through (said to
 * {@code failures}): the limiter protects the services, it must not stop them.
 */
final class RateLimiter {
    static final int MAX_KEY = 128;

    private final RateLimitSettings settings;
    private final RateStore store;
    private final Optional<ClaimKey> claims;
    private final Consumer<Throwable> failures;

    RateLimiter(RateLimitSettings settings, RateStore store, Optional<ClaimKey> claims, Consumer<Throwable> failures) {
        this.settings = settings;
        this.store = store;
        this.claims = claims;
        this.failures = failures;
    }

    CompletionStage<Decision> decide(HttpRequest request, Channel channel) {
        InetAddress client = channel.remoteAddress() instanceof InetSocketAddress peer ? peer.getAddress() : null;
        if (client != null && settings.allowList().contains(client)) {
            return CompletableFuture.completedFuture(Decision.UNCOUNTED);
        }
        String address = "address:" + (client == null ? "unknown" : client.getHostAddress());
        if (settings.keyHeader().isPresent()) {
            String value = request.headers().get(settings.keyHeader().get());
            return count(value == null || value.isEmpty() ? address : "header:" + bounded(value));
        }
        if (claims.isPresent()) {
            return claims.get().of(request.headers())
                    .thenCompose(claim -> count(claim.map(value -> "claim:" + bounded(value)).orElse(address)));
        }
        return count(address);
    }

    private CompletionStage<Decision> count(String key) {
        return store.hit(key, settings.windowMillis()).thenApply(hit -> Decision.of(hit, settings.max()))
                .exceptionally(failed -> {
                    failures.accept(failed);
                    return Decision.UNCOUNTED;
                });
    }

    static String bounded(String value) {
        if (value.length() <= MAX_KEY) {
            return value;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
