package dev.rt.kind.service.plugin;

import dev.rt.kind.service.route.RouteRecord;
import dev.rt.kind.service.route.ScopedRoute;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The routes the plugins define, each with the plugin that defined it, checked for clashes as they come. */
final class RouteTable {
    private record Entry(RouteRecord route, PluginScope scope) {
    }

    private final List<Entry> entries = new ArrayList<>();
    private final Map<String, Entry> byKey = new HashMap<>();

    void add(RouteRecord route, PluginScope scope) {
        Entry entry = new Entry(route, scope);
        Entry existing = byKey.putIfAbsent(route.key(), entry);
        if (existing != null) {
            throw new RegistrationError("route " + route + " is already registered"
                    + (existing.scope() == scope ? " by this plugin" : " by " + existing.scope().name())
                    + "; remove one of them or give them different paths");
        }
        entries.add(entry);
    }

    /**
     * The routes as they are mounted, in the order they were defined: each with the service's hooks then its
     * plugin's own, and its plugin's own error handler.
     */
    List<ScopedRoute> scoped(List<Handler<RoutingContext>> serviceHooks) {
        List<ScopedRoute> scoped = new ArrayList<>();
        for (Entry entry : entries) {
            List<Handler<RoutingContext>> hooks = new ArrayList<>(serviceHooks);
            hooks.addAll(entry.scope().own().hooks());
            scoped.add(new ScopedRoute(entry.route(), hooks, entry.scope().own().errorHandler()));
        }
        return scoped;
    }
}
