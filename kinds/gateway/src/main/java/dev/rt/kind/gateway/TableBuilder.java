package dev.rt.kind.gateway;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.kind.gateway.openapi.ComposedApi;
import dev.rt.kind.gateway.openapi.Composition;
import dev.rt.kind.gateway.openapi.Documentation;
import dev.rt.kind.gateway.openapi.PathConflict;
import dev.rt.kind.gateway.openapi.ResponseRenames;
import dev.rt.kind.gateway.settings.ComposedSettings;
import dev.rt.kind.gateway.settings.GatewaySettings;
import dev.rt.kind.gateway.settings.PrefixPaths;
import dev.rt.kind.gateway.settings.ProxySettings;
import dev.rt.kind.routing.Answer;
import dev.rt.kind.routing.OperationRoute;
import dev.rt.kind.routing.PrefixRoute;
import dev.rt.kind.routing.RoutingTable;
import dev.rt.kind.routing.Target;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The routing table of a gateway: each proxied application's prefix (or host) and routes, each operation of the
 * composed documents by its path and methods, the composed document with its UI, and with {@code server.healthCheck}
 * the health route ({@code GET /status}: answered by the public server, or by the gateway's workers when it has any,
 * for its plugins' checks). The document of an application the gateway has none of yet (it did not answer) is simply
 * left out.
 */
final class TableBuilder {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    /** The service kind's health route and its answer. */
    static final String HEALTH_PATH = "/status";
    private static final Answer HEALTHY = Answer.ok("application/json; charset=utf-8",
            "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8));

    private TableBuilder() {
    }

    /**
     * @param serviceId the gateway's id, whose workers answer its health route when it has workers
     * @param apis      the documents to compose, in the applications' order, with their rules applied
     * @throws PathConflict when two documents expose one path
     */
    static RoutingTable build(GatewaySettings settings, String serviceId, List<Member> members,
            List<ComposedApi> apis) {
        List<PrefixRoute> prefixes = new ArrayList<>();
        List<OperationRoute> operations = new ArrayList<>();
        Map<String, Answer> answers = new HashMap<>();
        if (settings.server().healthCheck() && settings.runsWorkers()) {
            operations.add(new OperationRoute(Target.service(serviceId), "", HEALTH_PATH, HEALTH_PATH, Set.of("GET")));
        } else if (settings.server().healthCheck()) {
            answers.put(HEALTH_PATH, HEALTHY);
        }
        for (Member member : members) {
            if (member.settings().proxied()) {
                proxied(member, prefixes, operations);
            }
        }
        for (ComposedApi api : apis) {
            Member member = members.stream().filter(m -> m.id().equals(api.id())).findFirst().orElseThrow();
            api.document().path("paths").properties().forEach(path -> {
                Set<String> methods = new TreeSet<>();
                path.getValue().fieldNames().forEachRemaining(name -> {
                    if (METHODS.contains(name)) {
                        methods.add(name.toUpperCase(Locale.ROOT));
                    }
                });
                String upstream = api.originPaths().getOrDefault(path.getKey(), path.getKey());
                Map<String, ResponseRenames> renames = api.renames().getOrDefault(path.getKey(), Map.of());
                renames.forEach((method, renamed) -> {
                    if (methods.remove(method)) { // its own rule: only its responses are held back to be rewritten
                        operations.add(new OperationRoute(member.target(), api.prefix(), path.getKey(), upstream,
                                Set.of(method), Optional.of(renamed)));
                    }
                });
                if (!methods.isEmpty()) {
                    operations.add(new OperationRoute(member.target(), api.prefix(), path.getKey(), upstream, methods));
                }
            });
        }
        if (members.stream().anyMatch(member -> member.settings().openapi().isPresent())) {
            ComposedSettings openapi = settings.openapi();
            ObjectNode composed = Composition.compose(apis, openapi.title(), openapi.version(), openapi.description());
            answers.putAll(Documentation.answers(composed, openapi.swaggerPrefix(), openapi.ui()));
        }
        return new RoutingTable(prefixes, operations, answers);
    }

    /** {@code routes} under the member's prefix: {@code /x/*} a prefix, {@code /x} one path, {@code :name} a segment. */
    private static void proxied(Member member, List<PrefixRoute> prefixes, List<OperationRoute> operations) {
        ProxySettings proxy = member.settings().proxy();
        String prefix = proxy.hostname().isPresent() ? "" : member.prefix();
        String upstream = member.upstreamPrefix();
        for (String route : proxy.routes()) {
            if (route.endsWith("/*")) {
                String below = PrefixPaths.normalize(route.substring(0, route.length() - 2), "/");
                prefixes.add(new PrefixRoute(member.target(), proxy.hostname(), prefix + below, upstream + below,
                        proxy.methods()));
            } else if (!(route.equals("/") && ProxySettings.isWhole(proxy.routes()))) {
                String path = route.replaceAll(":([^/]+)", "{$1}");
                operations.add(new OperationRoute(member.target(), prefix, path, upstream.isEmpty() ? path
                        : upstream + path, proxy.methods()));
            }
        }
    }
}
