package dev.rt.supervisor.limit;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * {@code server.rateLimit}, as validated by the schema (where each setting is described and defaulted):
 * {@code @fastify/rate-limit}'s options that fit a proxy.
 *
 * @param max          requests a key may make in one window
 * @param windowMillis the window ({@code timeWindow})
 * @param allowList    client addresses never limited
 * @param keyHeader    the request header whose value is the key ({@code keyGenerator.header})
 * @param keyClaim     the claim of the caller's verified token that is the key ({@code keyGenerator.claim})
 * @param maxKeys      keys counted at once in memory ({@code cache})
 * @param redis        the Redis that shares the counts ({@code redis}, else the HTTP cache's)
 */
record RateLimitSettings(long max, long windowMillis, Set<InetAddress> allowList, Optional<String> keyHeader,
        Optional<String> keyClaim, long maxKeys, Optional<String> redis) {
    static final String POINTER = "/server/rateLimit";
    static final long DEFAULT_MAX = 1000;
    static final long DEFAULT_WINDOW = 60_000;
    static final long DEFAULT_KEYS = 5000;

    /**
     * The settings of {@code rateLimit} ({@code false} or an object; {@code true} for the defaults).
     *
     * @throws IllegalArgumentException naming the JSON pointer of a setting the schema could not judge
     */
    static Optional<RateLimitSettings> from(JsonNode rateLimit) {
        if (rateLimit.isMissingNode() || rateLimit.isNull() || rateLimit.isBoolean() && !rateLimit.asBoolean()) {
            return Optional.empty();
        }
        JsonNode window = rateLimit.path("timeWindow");
        long windowMillis;
        try {
            windowMillis = window.isMissingNode() ? DEFAULT_WINDOW
                    : window.isNumber() ? window.asLong() : TimeWindow.millis(window.asText());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(POINTER + "/timeWindow: " + e.getMessage(), e);
        }
        Set<InetAddress> allowed = new HashSet<>();
        JsonNode allowList = rateLimit.path("allowList");
        for (int i = 0; i < allowList.size(); i++) {
            InetAddress address = NetUtil.createInetAddressFromIpAddressString(allowList.get(i).asText().strip());
            if (address == null) {
                throw new IllegalArgumentException(POINTER + "/allowList/" + i + ": \"" + allowList.get(i).asText()
                        + "\" is not an IP address (no host names: they would need a DNS lookup per request)");
            }
            allowed.add(address);
        }
        JsonNode key = rateLimit.path("keyGenerator");
        return Optional.of(new RateLimitSettings(rateLimit.path("max").asLong(DEFAULT_MAX), windowMillis,
                Set.copyOf(allowed), text(key.path("header")), text(key.path("claim")),
                rateLimit.path("cache").asLong(DEFAULT_KEYS), text(rateLimit.path("redis"))));
    }

    private static Optional<String> text(JsonNode node) {
        return node.isTextual() && !node.asText().isBlank() ? Optional.of(node.asText().strip()) : Optional.empty();
    }
}
