package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code schedulerCluster}: the PostgreSQL database where the replicas of a runtime share the scheduler's jobs, so
 * that each firing runs on one replica only.
 *
 * @param jdbcUrl         the database as a JDBC URL, without user or password
 * @param user            the user, when the connection string names one
 * @param password        the password, when the connection string has one
 * @param name            what the replicas of one runtime share in the database ({@code name}, default {@code rt})
 * @param checkinInterval how often a replica checks in ({@code checkinInterval})
 */
public record SchedulerClusterConfig(String jdbcUrl, Optional<String> user, Optional<String> password, String name,
        Duration checkinInterval) {
    public static final String DEFAULT_NAME = "rt";
    public static final long DEFAULT_CHECKIN_INTERVAL_MILLIS = 5000;

    public SchedulerClusterConfig {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(checkinInterval, "checkinInterval");
    }

    /** The section, when present; its connection string was checked at load ({@link #check}). */
    static Optional<SchedulerClusterConfig> from(ConfigNode section) {
        if (section.isMissing()) {
            return Optional.empty();
        }
        Parsed parsed = parse(section.get("connectionString").string(""));
        return Optional.of(new SchedulerClusterConfig(parsed.jdbcUrl, parsed.user, parsed.password,
                section.get("name").string(DEFAULT_NAME),
                section.get("checkinInterval").millis(DEFAULT_CHECKIN_INTERVAL_MILLIS)));
    }

    /** At load: a connection string rt cannot use is an error at its JSON pointer. */
    static void check(ConfigNode section) {
        if (!section.has("connectionString")) {
            return; // the schema reports it
        }
        ConfigNode connection = section.get("connectionString");
        try {
            parse(connection.requiredString());
        } catch (IllegalArgumentException e) {
            throw connection.error(e.getMessage());
        }
    }

    private record Parsed(String jdbcUrl, Optional<String> user, Optional<String> password) {
    }

    private static Parsed parse(String connection) {
        String expected = "must be a PostgreSQL connection string such as postgres://user:password@host:5432/database"
                + " (or a jdbc:postgresql: URL), found \"" + connection + "\"";
        if (connection.startsWith("jdbc:postgresql:")) {
            return new Parsed(connection, Optional.empty(), Optional.empty());
        }
        URI uri;
        try {
            uri = new URI(connection);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(expected);
        }
        if (!"postgres".equals(uri.getScheme()) && !"postgresql".equals(uri.getScheme()) || uri.getHost() == null
                || uri.getRawPath() == null || uri.getRawPath().length() < 2) {
            throw new IllegalArgumentException(expected);
        }
        Optional<String> user = Optional.empty();
        Optional<String> password = Optional.empty();
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = Optional.of(URLDecoder.decode(parts[0], StandardCharsets.UTF_8));
            password = parts.length > 1 ? Optional.of(URLDecoder.decode(parts[1], StandardCharsets.UTF_8))
                    : Optional.empty();
        }
        String host = uri.getHost(); // an IPv6 literal keeps its brackets
        String url = "jdbc:postgresql://" + host + (uri.getPort() > 0 ? ":" + uri.getPort() : "") + uri.getRawPath()
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        return new Parsed(url, user, password);
    }
}
