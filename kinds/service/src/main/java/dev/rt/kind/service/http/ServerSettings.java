package dev.rt.kind.service.http;

import dev.rt.kind.cors.CorsSettings;
import dev.rt.kind.forwarded.TrustedProxies;
import dev.rt.kind.service.config.ConfigValues;
import dev.rt.kind.service.validation.ValidationOptions;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code server} settings of a service that shape its HTTP server in the worker (the entrypoint's public
 * listener is the runtime's; the worker always listens on 127.0.0.1). Defaults are those of the reference's
 * framework (a 1 MiB body limit, 100-character parameters, 72 s keep-alive, HEAD routes exposed...), read from this
 * kind's schema ({@link ServerDefaults}); request ids are generated ({@code req-1}, ...) unless
 * {@code requestIdHeader} names a header that carries them.
 */
public record ServerSettings(long bodyLimit, int maxParamLength, boolean caseSensitive, boolean ignoreTrailingSlash,
        long connectionTimeout, long keepAliveTimeout, long maxRequestsPerSocket, long requestTimeout,
        String forceCloseConnections, Optional<String> requestIdHeader, String requestIdLogLabel,
        TrustedProxies trustProxy, boolean disableRequestLogging, boolean exposeHeadRoutes, Optional<Long> healthCheckInterval,
        Optional<CorsSettings> cors, Optional<String> logLevel, Optional<String> errorHandler,
        ValidationOptions validation) {

    /** From the service configuration's {@code server} object (absent: all defaults). */
    public static ServerSettings from(Map<String, Object> server) {
        Object idHeader = server.get("requestIdHeader");
        Object health = server.get("healthCheck");
        Optional<Long> healthInterval = health instanceof Map<?, ?> map
                ? Optional.of(ConfigValues.number(ConfigValues.object(map), "interval",
                        ServerDefaults.healthCheckInterval()))
                : Boolean.TRUE.equals(health) ? Optional.of(ServerDefaults.healthCheckInterval()) : Optional.empty();
        Object force = server.get("forceCloseConnections");
        return new ServerSettings(
                ConfigValues.number(server, "bodyLimit", ServerDefaults.number("bodyLimit")),
                (int) ConfigValues.number(server, "maxParamLength", ServerDefaults.number("maxParamLength")),
                ConfigValues.flag(server, "caseSensitive", ServerDefaults.flag("caseSensitive")),
                ConfigValues.flag(server, "ignoreTrailingSlash", ServerDefaults.flag("ignoreTrailingSlash")),
                ConfigValues.number(server, "connectionTimeout", ServerDefaults.number("connectionTimeout")),
                ConfigValues.number(server, "keepAliveTimeout", ServerDefaults.number("keepAliveTimeout")),
                ConfigValues.number(server, "maxRequestsPerSocket", ServerDefaults.number("maxRequestsPerSocket")),
                ConfigValues.number(server, "requestTimeout", ServerDefaults.number("requestTimeout")),
                String.valueOf(force == null ? ServerDefaults.of("forceCloseConnections") : force),
                idHeader instanceof String name && !name.isBlank()
                        ? Optional.of(name.toLowerCase(Locale.ROOT)) : Optional.empty(),
                ConfigValues.string(server, "requestIdLogLabel").orElse((String) ServerDefaults.of("requestIdLogLabel")),
                TrustedProxies.of(server.get("trustProxy")),
                ConfigValues.flag(server, "disableRequestLogging", ServerDefaults.flag("disableRequestLogging")),
                ConfigValues.flag(server, "exposeHeadRoutes", ServerDefaults.flag("exposeHeadRoutes")),
                healthInterval,
                server.get("cors") instanceof Map<?, ?> cors
                        ? Optional.of(CorsSettings.read(ConfigValues.object(cors), "/server/cors")) : Optional.empty(),
                ConfigValues.string(ConfigValues.object(server, "logger"), "level"),
                ConfigValues.string(server, "errorHandler"),
                ValidationOptions.from(ConfigValues.object(ConfigValues.object(server, "ajv"), "customOptions")));
    }
}
