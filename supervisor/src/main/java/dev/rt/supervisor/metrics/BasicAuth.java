package dev.rt.supervisor.metrics;

import dev.rt.config.MetricsConfig;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;

/**
 * HTTP basic credentials of {@code metrics.auth}. The decoded {@code user:password} is compared with
 * {@link MessageDigest#isEqual}, whose time does not depend on where the bytes differ.
 */
final class BasicAuth {
    private final Optional<byte[]> expected;

    BasicAuth(Optional<MetricsConfig.Auth> auth) {
        this.expected = auth.map(a -> (a.username() + ":" + a.password()).getBytes(StandardCharsets.UTF_8));
    }

    /** True without {@code metrics.auth}, or when {@code authorization} carries exactly its credentials. */
    boolean accepts(Optional<String> authorization) {
        if (expected.isEmpty()) {
            return true;
        }
        byte[] given = authorization.filter(h -> h.regionMatches(true, 0, "Basic ", 0, 6))
                .flatMap(h -> decode(h.substring(6).trim())).orElse(new byte[0]);
        return MessageDigest.isEqual(expected.get(), given);
    }

    private static Optional<byte[]> decode(String base64) {
        try {
            return Optional.of(Base64.getDecoder().decode(base64));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
