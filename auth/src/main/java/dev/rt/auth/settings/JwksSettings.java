package dev.rt.auth.settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code authorization.jwt.jwks}: whose keys sign the tokens. A token's {@code iss} must be one of
 * {@code allowedDomains}; its keys come from {@code <issuer>/.well-known/jwks.json}, from {@code <issuer><jwksPath>},
 * or from the {@code jwks_uri} of {@code <issuer>/.well-known/openid-configuration} with {@code providerDiscovery}.
 * The key set is kept {@code ttl}; a token naming a key the set lacks makes rt fetch the set again, at most once per
 * {@code refreshInterval} for each issuer.
 *
 * @param allowedDomains  the issuers trusted, each ending with {@code /}
 * @param providerDiscovery whether the key set's URL comes from the OpenID configuration
 * @param jwksPath        the key set's path under the issuer instead
 * @param ttl             how long a fetched key set is used before it is fetched again
 * @param refreshInterval the least time between two fetches caused by unknown keys
 * @param timeout         how long one fetch may take
 */
public record JwksSettings(List<String> allowedDomains, boolean providerDiscovery, Optional<String> jwksPath,
        Duration ttl, Duration refreshInterval, Duration timeout) {
    static final long DEFAULT_TTL_MILLIS = 60_000;
    static final long DEFAULT_REFRESH_INTERVAL_MILLIS = 30_000;
    static final long DEFAULT_TIMEOUT_MILLIS = 5_000;

    public JwksSettings {
        allowedDomains = List.copyOf(allowedDomains);
        Objects.requireNonNull(jwksPath);
        Objects.requireNonNull(ttl);
        Objects.requireNonNull(refreshInterval);
        Objects.requireNonNull(timeout);
    }

    static JwksSettings from(Section jwt) {
        Object raw = jwt.raw("jwks").orElseThrow();
        if (raw instanceof Boolean) {
            throw new SettingsException(jwt.at("jwks"), "true would trust the keys of whatever issuer a token names;"
                    + " list the issuers you trust in jwks.allowedDomains (such as [\"https://id.example.com/realms/"
                    + "main\"])");
        }
        Section section = Section.of(jwt.at("jwks"), raw);
        List<String> domains = section.strings("allowedDomains");
        if (domains.isEmpty()) {
            throw new SettingsException(section.at("allowedDomains"), "must list at least one issuer: without it any"
                    + " issuer's keys would be trusted");
        }
        for (int i = 0; i < domains.size(); i++) {
            checkIssuer(section.at("allowedDomains") + "/" + i, domains.get(i));
        }
        Optional<String> path = section.string("jwksPath");
        if (path.isPresent() && section.flag("providerDiscovery", false)) {
            throw new SettingsException(section.at("jwksPath"), "and providerDiscovery exclude each other: the key"
                    + " set's URL comes from one of them");
        }
        long ttl = section.millis("ttl", DEFAULT_TTL_MILLIS);
        long interval = section.millis("refreshInterval", DEFAULT_REFRESH_INTERVAL_MILLIS);
        long timeout = section.millis("timeout", DEFAULT_TIMEOUT_MILLIS);
        if (ttl == 0 || timeout == 0) {
            throw new SettingsException(section.at(ttl == 0 ? "ttl" : "timeout"), "must be at least 1 millisecond");
        }
        return new JwksSettings(domains.stream().map(JwksSettings::withSlash).toList(),
                section.flag("providerDiscovery", false), path.map(p -> p.startsWith("/") ? p.substring(1) : p),
                Duration.ofMillis(ttl), Duration.ofMillis(interval), Duration.ofMillis(timeout));
    }

    private static void checkIssuer(String pointer, String domain) {
        try {
            URI uri = new URI(domain);
            if (uri.getHost() != null && ("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
                return;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        throw new SettingsException(pointer, "must be an issuer's http or https URL, found " + domain);
    }

    /** An issuer as compared with {@link #allowedDomains}: with one trailing {@code /}, as the reference does. */
    public static String withSlash(String issuer) {
        return issuer.endsWith("/") ? issuer : issuer + "/";
    }
}
