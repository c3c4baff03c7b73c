package dev.rt.kind.db.connect;

import dev.rt.kind.KindException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed {@code db.connectionString}: {@code sqlite://./db.sqlite} (relative to the configuration file's directory),
 * {@code sqlite://:memory:}, {@code postgres://user:pass@host:port/db} ({@code postgresql://} too) or
 * {@code mysql://} / {@code mariadb://} with the same shape. {@link #toString()} and every message show it with the
 * password masked.
 *
 * @param dialect  {@link Dialect#MARIADB} stands for the MySQL family until the server says which it is
 * @param jdbcUrl  the driver's URL, without credentials
 * @param user     empty when none is given
 * @param password empty when none is given
 * @param masked   the connection string as written, the password replaced by {@code ***}
 */
public record ConnectionString(Dialect dialect, String jdbcUrl, String user, String password, String masked) {
    private static final String MEMORY = ":memory:";
    /** A password the drivers also take from the query: {@code ?user=rt&password=secret} ({@code sslpassword} too). */
    private static final Pattern QUERY_PASSWORD = Pattern.compile("([?&](?:ssl)?password=)([^&#]*)",
            Pattern.CASE_INSENSITIVE);

    public ConnectionString {
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(masked, "masked");
    }

    /**
     * @param baseDirectory where a relative SQLite path starts: the configuration file's directory
     * @throws KindException at {@code /db/connectionString} when it cannot be understood
     */
    public static ConnectionString parse(String text, Path baseDirectory) {
        String trimmed = text.trim();
        int colon = trimmed.indexOf("://");
        String scheme = colon < 0 ? "" : trimmed.substring(0, colon).toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "sqlite" -> sqlite(trimmed.substring(colon + 3), baseDirectory);
            case "postgres", "postgresql" -> server(trimmed, Dialect.POSTGRES, "jdbc:postgresql://", 5432);
            case "mysql", "mariadb" -> server(trimmed, Dialect.MARIADB, "jdbc:mariadb://", 3306);
            default -> throw KindException.at("/db/connectionString", "expected a connection string starting with"
                    + " sqlite://, postgres:// or mysql:// (mariadb:// too), found \"" + maskAnyPassword(trimmed) + "\"");
        };
    }

    public boolean inMemory() {
        return jdbcUrl.endsWith(MEMORY);
    }

    /** The SQLite file, for a file database (without the pragmas its connection string may add after {@code ?}). */
    public Path sqliteFile() {
        String file = jdbcUrl.substring("jdbc:sqlite:".length());
        int query = file.indexOf('?');
        return Path.of(query < 0 ? file : file.substring(0, query));
    }

    /** A driver message with this connection's passwords (user information or query), if they appear, masked. */
    public String maskIn(String message) {
        String safe = message == null ? "" : message;
        Matcher inQuery = QUERY_PASSWORD.matcher(jdbcUrl);
        while (inQuery.find()) {
            safe = mask(safe, decode(inQuery.group(2)));
        }
        return mask(safe, password);
    }

    private static String mask(String text, String secret) {
        return secret.length() >= 3 ? text.replace(secret, "***") : text;
    }

    @Override
    public String toString() {
        return masked;
    }

    private static ConnectionString sqlite(String path, Path baseDirectory) {
        if (path.isEmpty()) {
            throw KindException.at("/db/connectionString", "a SQLite connection string names a file after sqlite://,"
                    + " for example sqlite://./db.sqlite, or sqlite://:memory:");
        }
        if (path.equals(MEMORY)) {
            return new ConnectionString(Dialect.SQLITE, "jdbc:sqlite::memory:", "", "", "sqlite://" + MEMORY);
        }
        // pragmas after ?, as in sqlite://./db.sqlite?synchronous=full, go to the driver, over the kind's own
        int query = path.indexOf('?');
        Path file = baseDirectory.resolve(query < 0 ? path : path.substring(0, query)).toAbsolutePath().normalize();
        return new ConnectionString(Dialect.SQLITE, "jdbc:sqlite:" + file + (query < 0 ? "" : path.substring(query)),
                "", "", "sqlite://" + path);
    }

    private static ConnectionString server(String text, Dialect dialect, String jdbcPrefix, int defaultPort) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw KindException.at("/db/connectionString", "cannot read the connection string \""
                    + maskAnyPassword(text) + "\": " + e.getReason());
        }
        String host = uri.getHost();
        String database = uri.getRawPath() == null ? "" : uri.getRawPath().replaceFirst("^/", "");
        if (host == null || database.isEmpty()) {
            throw KindException.at("/db/connectionString", "expected " + uri.getScheme()
                    + "://user:password@host:port/database, found \"" + maskAnyPassword(text) + "\"");
        }
        String user = "";
        String password = "";
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int sep = userInfo.indexOf(':');
            user = decode(sep < 0 ? userInfo : userInfo.substring(0, sep));
            password = sep < 0 ? "" : decode(userInfo.substring(sep + 1));
        }
        int port = uri.getPort() < 0 ? defaultPort : uri.getPort();
        String hostPart = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        String jdbcUrl = jdbcPrefix + hostPart + ":" + port + "/" + database + query;
        return new ConnectionString(dialect, jdbcUrl, user, password, maskAnyPassword(text));
    }

    private static String decode(String part) {
        return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** {@code scheme://user:secret@host/db?password=secret} → {@code scheme://user:***@host/db?password=***}. */
    static String maskAnyPassword(String text) {
        String masked = text.replaceFirst("^([A-Za-z][A-Za-z0-9+.-]*://[^:/@]*):[^@/]*@", "$1:***@");
        return QUERY_PASSWORD.matcher(masked).replaceAll("$1***");
    }
}
