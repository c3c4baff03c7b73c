package dev.rt.supervisor.cache;

import io.lettuce.core.RedisURI;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The Redis that {@code httpCache.store} names: {@code redis://[[user]:password@]host[:port][/database]}, or
 * {@code rediss://} for TLS, the server's certificate checked against the JDK's trusted authorities, or against the
 * PEM file of {@code ?cacert=path} (relative to the configuration's directory), and its host name against the
 * certificate. {@link #shown()} is the address without its credentials, for messages. The rate limiter's Redis
 * ({@code server.rateLimit}) is named the same way.
 *
 * @param caCert the certificates of {@code cacert}, when given
 */
public record RedisAddress(RedisURI uri, String shown, Optional<Path> caCert) {
    private static final int DEFAULT_PORT = 6379;
    /** A command's answer, and a connection's handshake, take no longer than this. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);

    /** Whether {@code store} names Redis at all (then {@link #parse} judges the rest). */
    public static boolean names(String store) {
        String lower = store.toLowerCase(Locale.ROOT);
        return lower.startsWith("redis://") || lower.startsWith("rediss://");
    }

    /** @throws IllegalArgumentException saying what is wrong with {@code store}, never repeating its password */
    public static RedisAddress parse(String store, Path root) {
        URI uri;
        try {
            uri = new URI(store);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + e.getReason() + " at index " + e.getIndex());
        }
        boolean tls = uri.getScheme().equalsIgnoreCase("rediss");
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        if (uri.getHost() == null || !path.matches("/?\\d{0,9}")) {
            throw new IllegalArgumentException("not redis[s]://[[user]:password@]host[:port][/database]");
        }
        int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
        String database = path.replace("/", "");
        RedisURI.Builder redis = RedisURI.builder().withHost(uri.getHost()).withPort(port)
                .withDatabase(database.isEmpty() ? 0 : Integer.parseInt(database)).withSsl(tls).withVerifyPeer(true)
                .withTimeout(TIMEOUT);
        if (uri.getUserInfo() != null) {
            int colon = uri.getUserInfo().indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("the part before @ is [user]:password; for a password alone, "
                        + "write redis://:password@host");
            }
            String user = uri.getUserInfo().substring(0, colon);
            char[] password = uri.getUserInfo().substring(colon + 1).toCharArray();
            if (user.isEmpty()) {
                redis.withPassword(password);
            } else {
                redis.withAuthentication(user, password);
            }
        }
        String shown = uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getHost() + ":" + port
                + (database.isEmpty() ? "" : "/" + database);
        return new RedisAddress(redis.build(), shown, caCert(uri.getRawQuery(), tls, root));
    }

    private static Optional<Path> caCert(String query, boolean tls, Path root) {
        if (query == null || query.isEmpty()) {
            return Optional.empty();
        }
        if (!query.startsWith("cacert=") || query.indexOf('&') >= 0) {
            throw new IllegalArgumentException("the only parameter is cacert (rediss:// only), found " + query);
        }
        if (!tls) {
            throw new IllegalArgumentException("cacert is for rediss:// (TLS); redis:// is plain text");
        }
        Path file = root.resolve(URLDecoder.decode(query.substring("cacert=".length()), StandardCharsets.UTF_8))
                .normalize();
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("the cacert file " + file + " cannot be read");
        }
        return Optional.of(file);
    }
}
