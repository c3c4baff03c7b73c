package dev.rt.kind.gateway.settings;

import dev.rt.kind.KindException;
import dev.rt.kind.cors.CorsSettings;
import dev.rt.kind.forwarded.TrustedProxies;
import dev.rt.kind.routing.ServerPolicy;
import dev.rt.kind.service.ServiceHost;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A gateway's own {@code server} settings. Requests its table sends to other services never meet a worker of the
 * gateway, so rt's public server applies the settings that shape an exchange to every request
 * ({@link ServerPolicy}: CORS, {@code bodyLimit}, {@code requestTimeout}, {@code connectionTimeout},
 * {@code keepAliveTimeout}, {@code maxRequestsPerSocket}, {@code forceCloseConnections}, {@code trustProxy}), and
 * {@code healthCheck} is a route of its table, {@code logger.level} the level of its own entries. Settings that need
 * a server of its own (routes, plugins, an error handler, a request log) work in its workers when it has plugins or
 * composes GraphQL; without, they are refused ({@link WorkerlessServer}), naming the setting, since nothing would
 * honour them.
 *
 * @param policy       what the public server applies to every request
 * @param healthCheck  whether {@code GET /status} answers {@code {"status":"ok"}} (from the workers, when it has any)
 * @param errorHandler whether it names an error handler (its workers' only: accepted with workers alone)
 * @param logLevel     {@code logger.level}: the level of the gateway's own entries
 */
public record GatewayServer(ServerPolicy policy, boolean healthCheck, boolean errorHandler, Optional<String> logLevel) {
    /** The warning about {@code errorHandler} on a gateway with workers. */
    public static final String ERROR_HANDLER_WITH_WORKERS = "answers the errors of the gateway's workers (what no application"
            + " takes); the errors rt's public server answers for the requests it routes to applications (408, 413,"
            + " 502, 503, 504) have rt's JSON body";

    /**
     * @param runsWorkers whether the gateway has plugins or composes GraphQL, and so runs the service kind's server
     * @throws KindException naming the setting refused
     */
    static GatewayServer read(Map<String, Object> configuration, boolean runsWorkers) {
        Map<String, Object> server = ConfigValues.object(configuration, "server");
        if (!runsWorkers) {
            WorkerlessServer.check(server);
            ServiceHost.checkServer(configuration);
        }
        Object health = server.get("healthCheck");
        return new GatewayServer(new ServerPolicy(cors(server), optional(server, "bodyLimit"),
                ConfigValues.number(server, "requestTimeout", 0), ConfigValues.number(server, "connectionTimeout", 0),
                optional(server, "keepAliveTimeout"), ConfigValues.number(server, "maxRequestsPerSocket", 0),
                "true".equals(String.valueOf(server.get("forceCloseConnections"))),
                trustProxy(server)),
                Boolean.TRUE.equals(health) || health instanceof Map<?, ?>, server.containsKey("errorHandler"),
                ConfigValues.string(ConfigValues.object(server, "logger"), "level"));
    }

    private static Optional<CorsSettings> cors(Map<String, Object> server) {
        if (!(server.get("cors") instanceof Map<?, ?> cors)) {
            return Optional.empty();
        }
        try {
            return Optional.of(CorsSettings.read(ConfigValues.object(cors), "/server/cors"));
        } catch (CorsSettings.InvalidPattern e) {
            throw KindException.at(e.pointer(), e.getMessage());
        }
    }

    private static TrustedProxies trustProxy(Map<String, Object> server) {
        try {
            return TrustedProxies.of(server.get("trustProxy"));
        } catch (TrustedProxies.InvalidEntry e) {
            throw KindException.at("/server/trustProxy" + e.at(), e.getMessage());
        }
    }

    private static OptionalLong optional(Map<String, Object> server, String key) {
        return server.get(key) instanceof Number number ? OptionalLong.of(number.longValue()) : OptionalLong.empty();
    }
}
