package dev.rt.kind.service.route;

import dev.rt.kind.service.busy.LoopBusyTime;
import dev.rt.kind.service.http.ServerSettings;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Mounts the plugins' routes on the router once all plugins have registered: static paths before paths with
 * parameters before wildcards (so {@code /movies/new} wins over {@code /movies/:id} whatever the order they came in),
 * and a HEAD route beside each GET unless {@code exposeHeadRoutes} is off or the path has its own; matched
 * case-insensitively unless {@code caseSensitive}.
 */
public final class RouteMount {
    private static final Pattern PARAM = Pattern.compile(":([A-Za-z0-9_]+)");

    private final ServerSettings settings;
    private final RouteChain chain;

    public RouteMount(ServerSettings settings, LoopBusyTime busy) {
        this.settings = settings;
        this.chain = new RouteChain(settings, busy);
    }

    public void mount(Router router, List<ScopedRoute> routes) {
        Set<String> keys = routes.stream().map(scoped -> scoped.route().key()).collect(Collectors.toSet());
        List<ScopedRoute> sorted = new ArrayList<>(routes);
        sorted.sort(Comparator.comparingInt(scoped -> scoped.route().specificity()));
        for (ScopedRoute scoped : sorted) {
            RouteRecord route = scoped.route();
            chain.build(vertxRoute(router, route.method(), route.path()), scoped);
            if (route.method() == HttpMethod.GET && settings.exposeHeadRoutes()
                    && !keys.contains("HEAD " + route.path().replaceAll(":[^/]+", ":"))) {
                chain.build(vertxRoute(router, HttpMethod.HEAD, route.path()), scoped);
            }
        }
    }

    private Route vertxRoute(Router router, HttpMethod method, String path) {
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
