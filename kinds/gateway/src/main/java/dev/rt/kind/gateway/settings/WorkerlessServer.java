package dev.rt.kind.gateway.settings;

import dev.rt.kind.KindException;
import dev.rt.kind.service.http.ServerDefaults;
import java.util.Map;

/**
 * The {@code server} settings a gateway without workers (no plugins, no composed GraphQL) refuses: those that shape
 * a server of its own (its routes, its plugins, its error handler, its request log), which it does not have; each
 * application's own settings apply to its routes and its log. The message names the setting and says what happens
 * instead. ({@code disableRequestLogging: true} and {@code requestIdHeader: false} say what happens anyway.)
 */
final class WorkerlessServer {
    private WorkerlessServer() {
    }

    /** @throws KindException at {@code /server/<key>} for the first setting refused */
    static void check(Map<String, Object> server) {
        refuse(server.containsKey("errorHandler"), "errorHandler", "a gateway without plugins runs no code of its own,"
                + " so no error handler: the errors its public server answers (404, 408, 413, 502, 503, 504) have rt's"
                + " JSON body; remove it, or give the gateway plugins (its workers then answer what no application"
                + " takes, through the handler)");
        refuse(server.containsKey("pluginTimeout"), "pluginTimeout", "the gateway has no plugins to wait for; remove"
                + " it (it applies once plugins.paths or plugins.packages lists some)");
        refuse(server.containsKey("ajv"), "ajv", "a gateway without plugins validates no request itself: each"
                + " application validates its own; remove it");
        refuse(server.containsKey("maxParamLength"), "maxParamLength", "a gateway without plugins has no routes of"
                + " its own: path parameters go on to the application, whose own server.maxParamLength applies;"
                + " remove it");
        refuse(Boolean.FALSE.equals(server.get("caseSensitive")), "caseSensitive", "a gateway matches its prefixes,"
                + " operations and documentation paths case-sensitively, and each application its own routes as its"
                + " server.caseSensitive says; remove it");
        refuse(server.containsKey("ignoreTrailingSlash"), "ignoreTrailingSlash", "a gateway routes /x/ as /x under"
                + " its prefixes and documented operations and passes the slash on, for the application to judge by"
                + " its own server.ignoreTrailingSlash; remove it");
        refuse(Boolean.FALSE.equals(server.get("exposeHeadRoutes")), "exposeHeadRoutes", "a gateway passes HEAD"
                + " requests on wherever it passes GET, for the application to answer; remove it");
        String requestLog = "a gateway without plugins writes no request log of its own: the application that"
                + " answers a request logs it, with its own ";
        refuse(Boolean.FALSE.equals(server.get("disableRequestLogging")), "disableRequestLogging", requestLog
                + "server.disableRequestLogging; remove it");
        refuse(server.get("requestIdHeader") instanceof String, "requestIdHeader", requestLog + "request id (the"
                + " header goes on to it, and its own server.requestIdHeader reads it); remove it");
        refuse(server.containsKey("requestIdLogLabel") && !ServerDefaults.of("requestIdLogLabel").equals(server.get("requestIdLogLabel")),
                "requestIdLogLabel", requestLog + "server.requestIdLogLabel; remove it");
    }

    private static void refuse(boolean refused, String key, String message) {
        if (refused) {
            throw KindException.at("/server/" + key, message);
        }
    }
}
