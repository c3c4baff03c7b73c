package dev.rt.kind.gateway.settings;

import dev.rt.kind.KindException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An application's {@code proxy}: absent (proxied at its default prefix, unless it has an {@code openapi} to be
 * composed instead), {@code false} (not proxied), or an object.
 *
 * @param given    whether {@code proxy} is an object in the configuration
 * @param disabled {@code proxy: false}
 * @param prefix   {@code prefix}, normalized ({@code ""} for the root)
 * @param routes   paths under the prefix, {@code :name} marking a segment, {@code /*} everything below
 */
public record ProxySettings(boolean given, boolean disabled, Optional<String> prefix, Optional<String> hostname,
        Set<String> methods, List<String> routes) {
    public static final Set<String> DEFAULT_METHODS = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");
    static final List<String> DEFAULT_ROUTES = List.of("/", "/*");
    static final ProxySettings ABSENT = new ProxySettings(false, false, Optional.empty(), Optional.empty(),
            DEFAULT_METHODS, DEFAULT_ROUTES);
    static final ProxySettings DISABLED = new ProxySettings(false, true, Optional.empty(), Optional.empty(),
            DEFAULT_METHODS, DEFAULT_ROUTES);

    public ProxySettings {
        methods = Set.copyOf(methods);
        routes = List.copyOf(routes);
    }

    /** An explicit prefix, for applications listed by the runtime ({@code /<id>}). */
    public static ProxySettings at(String prefix) {
        return new ProxySettings(true, false, Optional.of(prefix), Optional.empty(), DEFAULT_METHODS, DEFAULT_ROUTES);
    }

    static ProxySettings read(Object value, String pointer) {
        if (value == null) {
            return ABSENT;
        }
        if (Boolean.FALSE.equals(value)) {
            return DISABLED;
        }
        Map<String, Object> proxy = ConfigValues.object(value);
        Optional<String> prefix = ConfigValues.string(proxy, "prefix")
                .map(raw -> PrefixPaths.normalize(raw, pointer + "/prefix"));
        Optional<String> hostname = ConfigValues.string(proxy, "hostname").map(name -> {
            if (!name.matches("[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?")) {
                throw KindException.at(pointer + "/hostname", "must be a host name such as api.example.com, found \""
                        + name + "\"");
            }
            return name;
        });
        Set<String> methods = proxy.containsKey("methods")
                ? new LinkedHashSet<>(ConfigValues.list(proxy.get("methods")).stream().map(String::valueOf).toList())
                : DEFAULT_METHODS;
        List<String> routes = proxy.containsKey("routes") ? readRoutes(proxy.get("routes"), pointer + "/routes")
                : DEFAULT_ROUTES;
        if (hostname.isPresent() && !isWhole(routes)) {
            throw KindException.at(pointer + "/routes", "a proxy with a hostname takes every path of that host; remove"
                    + " routes, or the hostname");
        }
        return new ProxySettings(true, false, prefix, hostname, methods, routes);
    }

    private static List<String> readRoutes(Object value, String pointer) {
        List<Object> raw = ConfigValues.list(value);
        for (int i = 0; i < raw.size(); i++) {
            String route = String.valueOf(raw.get(i));
            String path = route.endsWith("/*") ? route.substring(0, route.length() - 2) : route;
            if (!route.startsWith("/") || path.contains("*")) {
                throw KindException.at(pointer + "/" + i, "must be a path under the prefix such as /movies, /movies/:id"
                        + " or /movies/* (everything below), found \"" + route + "\"");
            }
            PrefixPaths.normalize(path.replaceAll(":[^/]+", "x"), pointer + "/" + i);
        }
        return raw.stream().map(String::valueOf).toList();
    }

    /** Whether the routes take every path under the prefix: {@code /*} is one of them. */
    public static boolean isWhole(List<String> routes) {
        return routes.contains("/*");
    }
}
