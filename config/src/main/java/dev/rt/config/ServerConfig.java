package dev.rt.config;

import java.util.Objects;
import java.util.Optional;

/**
 * The public entrypoint server: {@code server.hostname}, {@code server.port} (0 picks a free port),
 * {@code server.http2} and {@code server.https}.
 */
public record ServerConfig(String hostname, int port, boolean http2, Optional<HttpsConfig> https) {
    public static final String DEFAULT_HOSTNAME = "127.0.0.1";
    public static final int DEFAULT_PORT = 3042;

    public ServerConfig {
        Objects.requireNonNull(hostname, "hostname");
        Objects.requireNonNull(https, "https");
    }

    static ServerConfig from(ConfigNode server) {
        return new ServerConfig(server.get("hostname").string(DEFAULT_HOSTNAME),
                (int) server.get("port").integer(DEFAULT_PORT, 0, 65535),
                server.get("http2").bool(false),
                HttpsConfig.from(server.get("https")));
    }
}
