package dev.rt.kind.gateway;

import dev.rt.kind.KindException;
import dev.rt.kind.gateway.settings.ApplicationSettings;
import dev.rt.kind.gateway.settings.ConfigValues;
import dev.rt.kind.gateway.settings.GatewaySettings;
import dev.rt.kind.gateway.settings.OpenApiSource;
import dev.rt.kind.gateway.settings.PrefixConflict;
import dev.rt.kind.gateway.settings.PrefixPaths;
import dev.rt.kind.gateway.settings.ProxySettings;
import dev.rt.kind.routing.Target;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The applications of a gateway, resolved against the runtime's services when it starts. None listed: every other
 * service, each proxied at {@code /<id>}, the OpenAPI document of each that serves one composed under that prefix. An application without {@code origin} (or with
 * {@code http://<id>.rt.local}) is that service, which must exist. Its prefix: {@code proxy.prefix}, else the one the
 * service advertises ({@code application.basePath}, else {@code basePath}), else {@code /<id>}. Upstream the prefix is
 * removed, unless the service wants absolute URLs ({@code application.absoluteUrl}, or {@code node.absoluteUrl}),
 * when its requests keep the prefix it advertises. No two proxied applications may end up with one prefix and host.
 */
final class Membership {
    private Membership() {
    }

    /**
     * @param services the runtime's other services and their configurations
     * @throws KindException naming the application at fault
     */
    static List<Member> resolve(GatewaySettings settings, String gatewayId, Map<String, Map<String, Object>> services) {
        List<ApplicationSettings> applications = settings.applications().isEmpty()
                ? services.entrySet().stream().map(service -> new ApplicationSettings(service.getKey(),
                        settings.section().listPointer(), Optional.empty(), servedDocument(service.getKey(),
                        service.getValue()), Optional.empty(), ProxySettings.at("/" + service.getKey()))).toList()
                : settings.applications();
        List<Member> members = new ArrayList<>();
        Map<String, Member> claimed = new HashMap<>();
        for (ApplicationSettings application : applications) {
            Member member = resolve(application, gatewayId, services);
            members.add(member);
            if (!application.proxied()) {
                continue;
            }
            String key = application.proxy().hostname().map(host -> "host " + host.toLowerCase(Locale.ROOT))
                    .orElse("prefix " + member.prefix());
            Member other = claimed.putIfAbsent(key, member);
            if (other != null) {
                throw KindException.at(application.pointer(), PrefixConflict.message(key, other.id(), member.id()));
            }
        }
        return List.copyOf(members);
    }

    private static Member resolve(ApplicationSettings application, String gatewayId,
            Map<String, Map<String, Object>> services) {
        Optional<String> serviceId = application.meshService();
        if (serviceId.isEmpty()) {
            String prefix = application.proxy().prefix().orElse("/" + application.id());
            return new Member(application, new Target(application.id(), application.origin()), prefix, "");
        }
        String id = serviceId.get();
        if (id.equals(gatewayId)) {
            throw KindException.at(application.pointer(), "a gateway cannot expose itself (\"" + id + "\"); remove it");
        }
        Map<String, Object> service = services.get(id);
        if (service == null) {
            throw KindException.at(application.pointer(), "the application \"" + id + "\" is not a service of the"
                    + " runtime" + (services.isEmpty() ? "" : " (its services: " + String.join(", ", services.keySet())
                    + ")") + "; add it to the runtime's services, or give it an http:// origin outside");
        }
        Optional<String> advertised = advertisedPrefix(service, application.pointer());
        String prefix = application.proxy().prefix().or(() -> advertised).orElse("/" + id);
        String upstreamPrefix = wantsAbsoluteUrls(service) ? advertised.orElse("/" + id) : "";
        return new Member(application, Target.service(id), prefix, upstreamPrefix);
    }

    /**
     * The OpenAPI document a service of the {@code service} or {@code db} kind serves at
     * {@code /documentation/json} when its {@code openapi} is on (a {@code db} one unless it is {@code false}), for
     * a gateway that lists no applications to compose under {@code /<id>}.
     */
    static Optional<OpenApiSource> servedDocument(String id, Map<String, Object> service) {
        boolean served = service.get("service") instanceof Map<?, ?> section
                && section.get("openapi") != null && !Boolean.FALSE.equals(section.get("openapi"))
                || service.get("db") instanceof Map<?, ?> db && !Boolean.FALSE.equals(db.get("openapi"));
        return served ? Optional.of(new OpenApiSource(Optional.of("/documentation/json"), Optional.empty(), "/" + id,
                Optional.empty())) : Optional.empty();
    }

    /** {@code application.basePath}, else {@code basePath}, of a service's configuration. */
    static Optional<String> advertisedPrefix(Map<String, Object> service, String pointer) {
        return ConfigValues.string(ConfigValues.object(service, "application"), "basePath")
                .or(() -> ConfigValues.string(service, "basePath"))
                .map(raw -> PrefixPaths.normalize(raw, pointer))
                .filter(prefix -> !prefix.isEmpty());
    }

    static boolean wantsAbsoluteUrls(Map<String, Object> service) {
        return ConfigValues.flag(ConfigValues.object(service, "application"), "absoluteUrl", false)
                || ConfigValues.flag(ConfigValues.object(service, "node"), "absoluteUrl", false);
    }
}
