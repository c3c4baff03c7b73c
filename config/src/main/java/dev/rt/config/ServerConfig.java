package dev.rt.config;

import java.util.Optional;

/**
 * The public entrypoint server: {@code server.hostname}, {@code server.port} (0 picks a free port),
 * {@code server.http2} and {@code server.https}.
 */
public record ServerConfig(String hostname, int port, boolean http2, Optional<HttpsConfig> https) {
    public static final String DEFAULT_HOSTNAME = "127.0.0.1";
    public static final int DEFAULT_PORT = 3042;

    public ServerConfig {
        java.util.Objects.requireNonNull(hostname, "hostname");
        java.util.Objects.requireNonNull(https, "https");
    }
}
