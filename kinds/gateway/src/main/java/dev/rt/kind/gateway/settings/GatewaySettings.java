package dev.rt.kind.gateway.settings;

import dev.rt.kind.KindException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A gateway's (or composer's) configuration, read and checked as far as it can be without the rest of the runtime:
 * ids given once, origins, prefixes and host names that are what they say, no two applications at one explicit
 * prefix and host. What depends on the other services (the prefixes they advertise) is checked by
 * the gateway's {@code Membership} when the gateway starts.
 *
 * @param applications   as listed; empty means every other service of the runtime
 * @param refreshTimeout milliseconds between re-reads of the fetched documents in development; 0 for none
 * @param graphiql       {@code graphql.graphiql}: GraphiQL at {@code /graphiql/} over the composed GraphQL schema
 * @param hasPlugins     whether it has plugins of its own, and so runs workers
 * @param server         its own {@code server} settings, as its public server applies them
 */
public record GatewaySettings(Section section, List<ApplicationSettings> applications, long refreshTimeout,
        ComposedSettings openapi, boolean graphiql, boolean hasPlugins, GatewayServer server) {

    public GatewaySettings {
        applications = List.copyOf(applications);
    }

    /** @throws KindException naming the setting at fault */
    public static GatewaySettings read(Map<String, Object> configuration, Section section) {
        Map<String, Object> own = ConfigValues.object(configuration, section.key());
        List<Object> entries = ConfigValues.list(own.get(section.list()));
        List<ApplicationSettings> applications = new ArrayList<>();
        Map<String, String> ids = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            ApplicationSettings application = ApplicationSettings.read(ConfigValues.object(entries.get(i)),
                    section.listPointer() + "/" + i);
            String earlier = ids.putIfAbsent(application.id(), application.pointer());
            if (earlier != null) {
                throw KindException.at(application.pointer() + "/id", "the application \"" + application.id()
                        + "\" is listed twice, also at " + earlier);
            }
            applications.add(application);
        }
        explicitPrefixesOnce(applications);
        Map<String, Object> plugins = ConfigValues.object(configuration, "plugins");
        boolean hasPlugins = !ConfigValues.list(plugins.get("paths")).isEmpty()
                || !ConfigValues.list(plugins.get("packages")).isEmpty();
        boolean composesGraphQl = applications.stream().anyMatch(application -> application.graphql().isPresent());
        return new GatewaySettings(section, applications, ConfigValues.number(own, "refreshTimeout", 1000),
                ComposedSettings.read(ConfigValues.object(own, "openapi"), "/" + section.key() + "/openapi"),
                own.get("graphql") instanceof Map<?, ?> graphql && Boolean.TRUE.equals(graphql.get("graphiql")),
                hasPlugins, GatewayServer.read(configuration, hasPlugins || composesGraphQl));
    }

    /** Whether it runs workers (the service kind's server): for plugins of its own, or the composed GraphQL schema. */
    public boolean runsWorkers() {
        return hasPlugins || composesGraphQl();
    }

    /** Whether some application has {@code graphql}: the gateway's workers then serve the composed schema. */
    public boolean composesGraphQl() {
        return applications.stream().anyMatch(application -> application.graphql().isPresent());
    }

    private static void explicitPrefixesOnce(List<ApplicationSettings> applications) {
        Map<String, ApplicationSettings> claimed = new HashMap<>();
        for (ApplicationSettings application : applications) {
            ProxySettings proxy = application.proxy();
            if (proxy.disabled() || proxy.prefix().isEmpty() && proxy.hostname().isEmpty()) {
                continue;
            }
            String key = proxy.hostname().map(host -> "host " + host.toLowerCase(java.util.Locale.ROOT))
                    .orElseGet(() -> "prefix " + proxy.prefix().get());
            ApplicationSettings other = claimed.putIfAbsent(key, application);
            if (other != null) {
                throw KindException.at(application.pointer() + "/proxy", PrefixConflict.message(key, other.id(),
                        application.id()));
            }
        }
    }
}
