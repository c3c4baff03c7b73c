package dev.rt.supervisor.proxy.exchange;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * rt's own limits of the public server against abusive or broken clients, from the runtime's {@code server}
 * object (validated by the schema, where each is described).
 *
 * @param maxHeaderSize        largest request head in bytes (431 beyond)
 * @param maxRequestLineLength longest request line in bytes (414 beyond)
 * @param idleTimeoutMillis    how long a connection may wait between requests; 0 forever
 * @param headersTimeoutMillis how long a client has to send a whole request head; 0 forever
 * @param maxConnections       most client connections open at once
 */
public record ServerLimits(int maxHeaderSize, int maxRequestLineLength, long idleTimeoutMillis,
        long headersTimeoutMillis, int maxConnections) {

    public static final ServerLimits DEFAULTS = new ServerLimits(16 * 1024, 8 * 1024, 60_000, 30_000, 10_000);

    public ServerLimits {
        if (maxHeaderSize < 1 || maxRequestLineLength < 1 || maxConnections < 1) {
            throw new IllegalArgumentException("sizes and maxConnections must be positive");
        }
        if (idleTimeoutMillis < 0 || headersTimeoutMillis < 0) {
            throw new IllegalArgumentException("timeouts must not be negative");
        }
    }

    /** The limits given in {@code server} (a missing node or key keeps the default). */
    public static ServerLimits from(JsonNode server) {
        return new ServerLimits(
                server.path("maxHeaderSize").asInt(DEFAULTS.maxHeaderSize),
                server.path("maxRequestLineLength").asInt(DEFAULTS.maxRequestLineLength),
                server.path("idleTimeout").asLong(DEFAULTS.idleTimeoutMillis),
                server.path("headersTimeout").asLong(DEFAULTS.headersTimeoutMillis),
                server.path("maxConnections").asInt(DEFAULTS.maxConnections));
    }

    public ServerLimits withIdleTimeout(long millis) {
        return new ServerLimits(maxHeaderSize, maxRequestLineLength, millis, headersTimeoutMillis, maxConnections);
    }

    public ServerLimits withHeadersTimeout(long millis) {
        return new ServerLimits(maxHeaderSize, maxRequestLineLength, idleTimeoutMillis, millis, maxConnections);
    }

    public ServerLimits withMaxConnections(int count) {
        return new ServerLimits(maxHeaderSize, maxRequestLineLength, idleTimeoutMillis, headersTimeoutMillis, count);
    }
}
