package dev.rt.supervisor.config;

/** The public entrypoint server: {@code server.hostname} and {@code server.port}. */
public record ServerConfig(String hostname, int port) {
    public static final String DEFAULT_HOSTNAME = "127.0.0.1";
    public static final int DEFAULT_PORT = 3042;
}
