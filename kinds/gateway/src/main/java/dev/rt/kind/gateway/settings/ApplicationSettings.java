package dev.rt.kind.gateway.settings;

import dev.rt.kind.KindException;
import dev.rt.kind.mesh.MeshHost;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One application of a gateway as configured.
 *
 * @param pointer where it is in the configuration ({@code /gateway/applications/0}), for messages
 * @param origin  {@code http://host[:port]} when given ({@code http://<id>.rt.local} names a service of the runtime)
 * @param graphql its {@code graphql}, unless absent or {@code false}
 */
public record ApplicationSettings(String id, String pointer, Optional<String> origin, Optional<OpenApiSource> openapi,
        Optional<GraphQlSource> graphql, ProxySettings proxy) {

    static ApplicationSettings read(Map<String, Object> entry, String pointer) {
        Object graphqlValue = entry.get("graphql");
        Optional<GraphQlSource> graphql = graphqlValue == null || Boolean.FALSE.equals(graphqlValue) ? Optional.empty()
                : Optional.of(GraphQlSource.read(graphqlValue, pointer + "/graphql"));
        String id = ConfigValues.string(entry, "id").orElseThrow();
        Optional<String> origin = ConfigValues.string(entry, "origin").map(raw -> origin(raw, pointer + "/origin"));
        Optional<OpenApiSource> openapi = entry.containsKey("openapi")
                ? Optional.of(OpenApiSource.read(ConfigValues.object(entry, "openapi"), pointer + "/openapi"))
                : Optional.empty();
        return new ApplicationSettings(id, pointer, origin, openapi, graphql, ProxySettings.read(entry.get("proxy"),
                pointer + "/proxy"));
    }

    /** {@code http://host[:port]}, without a trailing slash; anything else is refused. */
    static String origin(String raw, String pointer) {
        URI uri;
        try {
            uri = new URI(raw.strip());
        } catch (URISyntaxException e) {
            throw KindException.at(pointer, "must be a URL such as http://legacy.internal:8080, found \"" + raw + "\"");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.equals("https")) {
            throw KindException.at(pointer, "https origins are not available: rt's public server speaks plain HTTP to"
                    + " what it proxies; give an http:// origin (a TLS-terminating proxy beside it, say), found \""
                    + raw + "\"");
        }
        if (!scheme.equals("http") || uri.getHost() == null || uri.getRawUserInfo() != null
                || uri.getRawQuery() != null || uri.getRawFragment() != null
                || !(uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/"))) {
            throw KindException.at(pointer, "must be http://host[:port] with no path, found \"" + raw + "\"");
        }
        return "http://" + uri.getRawAuthority().toLowerCase(Locale.ROOT);
    }

    /** The service of the runtime its origin names ({@code http://<id>.rt.local}), or its own id without origin. */
    public Optional<String> meshService() {
        if (origin.isEmpty()) {
            return Optional.of(id);
        }
        String host = URI.create(origin.get()).getHost();
        return host.endsWith(MeshHost.SUFFIX) && URI.create(origin.get()).getPort() < 0
                ? Optional.of(host.substring(0, host.length() - MeshHost.SUFFIX.length())) : Optional.empty();
    }

    /** Whether its requests are proxied under a prefix (or host): unless {@code proxy: false}, or composed only. */
    public boolean proxied() {
        return !proxy.disabled() && (proxy.given() || openapi.isEmpty() && graphql.isEmpty());
    }

    /** {@code origin}, else {@code http://<id>.rt.local}: where its requests go from a worker of the gateway. */
    public String originOrMesh() {
        return origin.orElseGet(() -> MeshHost.url(id));
    }
}
