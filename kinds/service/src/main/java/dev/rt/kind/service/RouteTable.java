package dev.rt.kind.service;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The routes the plugins defined, checked for clashes as they come and mounted on the router once all plugins have
 * registered: static paths before paths with parameters before wildcards (so {@code /movies/new} wins over
 * {@code /movies/:id} whatever the order they came in), and a HEAD route beside each GET unless
 * {@code exposeHeadRoutes} is off or the path has its own.
 */
final class RouteTable {
    private static final Pattern PARAM = Pattern.compile(":([A-Za-z0-9_]+)");

    private final List<RouteRecord> routes = new ArrayList<>();
    private final Map<String, RouteRecord> byKey = new HashMap<>();

    void add(RouteRecord route) {
        RouteRecord existing = byKey.putIfAbsent(route.key(), route);
        if (existing != null) {
            throw new RegistrationError("route " + route + " is already registered"
                    + (existing.scope() == route.scope() ? " by this plugin" : " by " + existing.scope().name())
                    + "; remove one of them or give them different paths");
        }
        routes.add(route);
    }

    List<RouteRecord> routes() {
        return List.copyOf(routes);
    }

    void mount(Router router, ServerSettings settings, RouteChain chain) {
        List<RouteRecord> sorted = new ArrayList<>(routes);
        sorted.sort(Comparator.comparingInt(RouteRecord::specificity));
        for (RouteRecord route : sorted) {
            chain.build(vertxRoute(router, route.method(), route.path(), settings), route);
            if (route.method() == HttpMethod.GET && settings.exposeHeadRoutes()
                    && !byKey.containsKey("HEAD " + route.path().replaceAll(":[^/]+", ":"))) {
                chain.build(vertxRoute(router, HttpMethod.HEAD, route.path(), settings), route);
            }
        }
    }

    private static Route vertxRoute(Router router, HttpMethod method, String path, ServerSettings settings) {
        if (settings.caseSensitive()) {
            return router.route(method, path);
        }
        StringBuilder regex = new StringBuilder("(?i)^");
        Matcher params = PARAM.matcher(path);
        int at = 0;
        while (params.find()) {
            regex.append(literal(path.substring(at, params.start()))).append("(?<").append(params.group(1))
                    .append(">[^/]+)");
            at = params.end();
        }
        String rest = path.substring(at);
        if (rest.endsWith("*")) {
            regex.append(literal(rest.substring(0, rest.length() - 1))).append(".*");
        } else {
            regex.append(literal(rest));
        }
        return router.routeWithRegex(method, regex.append("/?$").toString());
    }

    private static String literal(String text) {
        return text.isEmpty() ? "" : Pattern.quote(text);
    }
}
