package dev.rt.kind.java;

import dev.rt.kind.KindException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Settings the shared schema lets a {@code java} service write that only the kinds with rt's own HTTP server
 * ({@code service}, {@code db}) act on: {@code plugins}, and {@code server} settings other than the public
 * listener's ({@code hostname}, {@code port}, {@code http2}, {@code https}). A java application serves HTTP itself
 * (or through the {@code HttpHandler} it builds), with no router of rt's in front of it, so each is refused at start
 * with what to do instead. A value equal to the schema's default ({@code "trustProxy": false}) is no request and is
 * let through: the schema puts those defaults in every configuration that has a {@code server}.
 */
final class ForeignSettings {
    private static final List<String> LISTENER = List.of("hostname", "port", "http2", "https");
    private static final Map<String, Object> DEFAULTS = Map.of("requestIdLogLabel", "reqId", "jsonShorthand", true,
            "trustProxy", false);

    private ForeignSettings() {
    }

    /** @throws KindException at the first such setting */
    static void refuse(Map<String, Object> configuration) {
        if (configuration.get("plugins") instanceof Map<?, ?> plugins && !plugins.isEmpty()) {
            throw KindException.at("/plugins", "plugins are loaded by the service, db and gateway kinds; a java"
                    + " application serves its own routes: remove it, or make the service a service kind");
        }
        if (!(configuration.get("server") instanceof Map<?, ?> server)) {
            return;
        }
        for (Map.Entry<?, ?> setting : server.entrySet()) {
            String key = String.valueOf(setting.getKey());
            if (!LISTENER.contains(key) && !Objects.equals(DEFAULTS.get(key), setting.getValue())) {
                throw KindException.at("/server/" + key, "has no effect on a java application, which serves HTTP"
                        + " itself with no router of rt's in front of it: set it in the application, or remove it");
            }
        }
    }
}
