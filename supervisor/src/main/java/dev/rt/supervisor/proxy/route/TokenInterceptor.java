package dev.rt.supervisor.proxy.route;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.UndiciConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The identity-provider token interceptor of {@code undici.interceptors}: an entry whose {@code options} hold
 * {@code clientId}, {@code clientSecret}, {@code idpTokenUrl} and {@code origins}. Requests from workers to
 * one of the origins pass through the mesh proxy, which sets {@code Authorization: Bearer <token>} from one
 * {@link AccessTokens} cache. Origins are {@code http://host[:port]}: services of the runtime
 * ({@code http://api.rt.local}) or plain-HTTP hosts outside it. An {@code https} origin cannot get a token
 * from the mesh (its requests are encrypted end to end), and is refused at start.
 */
public final class TokenInterceptor {
    private final Set<String> origins;
    private final AccessTokens tokens;

    private TokenInterceptor(Set<String> origins, AccessTokens tokens) {
        this.origins = origins;
        this.tokens = tokens;
    }

    /**
     * The token interceptors of {@code undici}; other interceptors are left alone.
     *
     * @throws RtException {@code RT_CONFIG_INVALID} for options that are missing or cannot be used
     */
    public static List<TokenInterceptor> from(UndiciConfig undici, Supplier<InetSocketAddress> mesh) {
        List<TokenInterceptor> interceptors = new ArrayList<>();
        List<UndiciConfig.Interceptor> all = undici.interceptors();
        for (int i = 0; i < all.size(); i++) {
            JsonNode options = all.get(i).options();
            if (options.has("idpTokenUrl")) {
                String where = "undici.interceptors/" + i + "/options";
                URI tokenUrl = URI.create(required(options, "idpTokenUrl", where));
                interceptors.add(new TokenInterceptor(Set.copyOf(origins(options, where)),
                        new AccessTokens(tokenUrl, required(options, "clientId", where),
                                required(options, "clientSecret", where), mesh)));
            }
        }
        return List.copyOf(interceptors);
    }

    /** Every origin outside the runtime that workers must send through the mesh, for the agents. */
    public static List<String> externalOrigins(UndiciConfig undici) {
        List<String> external = new ArrayList<>();
        List<UndiciConfig.Interceptor> all = undici.interceptors();
        for (int i = 0; i < all.size(); i++) {
            JsonNode options = all.get(i).options();
            if (options.has("idpTokenUrl")) {
                for (String origin : origins(options, "undici.interceptors/" + i + "/options")) {
                    if (!origin.contains(MeshRoute.SUFFIX + ":")) {
                        external.add(origin);
                    }
                }
            }
        }
        return List.copyOf(external);
    }

    /** Whether requests to {@code origin} ({@link #origin(String, String, int)}) get a token. */
    boolean covers(String origin) {
        return origins.contains(origin);
    }

    AccessTokens tokens() {
        return tokens;
    }

    /** The canonical spelling of an origin: {@code http://host:port}, lower case, the port always given. */
    public static String origin(String scheme, String host, int port) {
        return scheme.toLowerCase(Locale.ROOT) + "://" + host.toLowerCase(Locale.ROOT) + ":" + port;
    }

    private static List<String> origins(JsonNode options, String where) {
        JsonNode list = options.path("origins");
        if (!list.isArray() || list.isEmpty()) {
            throw invalid(where + "/origins: must be a non-empty array of origins such as \"http://api.example.com\"");
        }
        List<String> origins = new ArrayList<>();
        for (JsonNode entry : list) {
            URI uri;
            try {
                uri = URI.create(entry.asText());
            } catch (IllegalArgumentException e) {
                throw invalid(where + "/origins: \"" + entry.asText() + "\" is not a URL");
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (scheme.equals("https")) {
                throw invalid(where + "/origins: \"" + entry.asText() + "\": rt adds tokens in its mesh proxy, which"
                        + " cannot change requests encrypted end to end; use an http:// origin (for example a service"
                        + " of the runtime that calls the https API), or add the token in the application");
            }
            if (!scheme.equals("http") || uri.getHost() == null) {
                throw invalid(where + "/origins: \"" + entry.asText() + "\" is not an http://host[:port] origin");
            }
            origins.add(origin(scheme, uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort()));
        }
        return origins;
    }

    private static String required(JsonNode options, String name, String where) {
        String value = options.path(name).asText("");
        if (value.isEmpty()) {
            throw invalid(where + "/" + name + ": required by the token interceptor, found nothing");
        }
        return value;
    }

    private static RtException invalid(String message) {
        return new RtException(ErrorCode.CONFIG_INVALID, message);
    }
}
