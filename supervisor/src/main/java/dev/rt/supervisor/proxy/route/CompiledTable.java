package dev.rt.supervisor.proxy.route;

import dev.rt.kind.routing.Answer;
import dev.rt.kind.routing.PrefixRoute;
import dev.rt.kind.routing.RoutingTable;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A {@link RoutingTable} made ready for the event loops, immutable: host rules by lower-case host name, answers by
 * path, operations in an {@link OperationTrie}, the other prefix rules longest first. Only the parts a table has
 * cost a lookup.
 */
final class CompiledTable {
    private final Map<String, PrefixRules> byHost;
    private final Map<String, RouteTarget> answers;
    private final OperationTrie operations;
    private final PrefixRules prefixes;

    private CompiledTable(Map<String, PrefixRules> byHost, Map<String, RouteTarget> answers, OperationTrie operations,
            PrefixRules prefixes) {
        this.byHost = byHost;
        this.answers = answers;
        this.operations = operations;
        this.prefixes = prefixes;
    }

    /** @param serviceId the entrypoint's id, for the answers */
    static CompiledTable of(RoutingTable table, String serviceId) {
        Map<String, List<PrefixRoute>> hosted = table.prefixes().stream().filter(route -> route.hostname().isPresent())
                .collect(Collectors.groupingBy(route -> route.hostname().get().toLowerCase(Locale.ROOT),
                        LinkedHashMap::new, Collectors.toList()));
        Map<String, PrefixRules> byHost = new HashMap<>();
        hosted.forEach((host, routes) -> byHost.put(host, PrefixRules.of(routes)));
        Map<String, RouteTarget> answers = new HashMap<>();
        for (Map.Entry<String, Answer> answer : table.answers().entrySet()) {
            answers.put(answer.getKey(), RouteTarget.answer(serviceId, new StaticAnswer(answer.getValue())));
        }
        return new CompiledTable(Map.copyOf(byHost), Map.copyOf(answers), OperationTrie.of(table.operations()),
                PrefixRules.of(table.prefixes().stream().filter(route -> route.hostname().isEmpty()).toList()));
    }

    /** The target of the rule that takes {@code request}, its URI (and Host) rewritten for it; null when none does. */
    RouteTarget match(HttpRequest request) {
        if (!byHost.isEmpty()) {
            PrefixRules rules = byHost.get(hostName(request.headers().get(HttpHeaderNames.HOST)));
            if (rules != null) {
                return rules.match(request);
            }
        }
        if (!answers.isEmpty() && (HttpMethod.GET.equals(request.method()) || HttpMethod.HEAD.equals(request.method()))) {
            String uri = request.uri();
            int query = uri.indexOf('?');
            RouteTarget answer = answers.get(query < 0 ? uri : uri.substring(0, query));
            if (answer != null) {
                return answer;
            }
        }
        if (!operations.isEmpty()) {
            RouteTarget operation = operations.match(request);
            if (operation != null) {
                return operation;
            }
        }
        return prefixes.isEmpty() ? null : prefixes.match(request);
    }

    /** {@code Shop.Example.com:8080} as {@code shop.example.com}; {@code [::1]:80} as {@code [::1]}. */
    static String hostName(String host) {
        if (host == null) {
            return "";
        }
        int colon = host.lastIndexOf(':');
        String name = colon > host.lastIndexOf(']') ? host.substring(0, colon) : host;
        return name.toLowerCase(Locale.ROOT);
    }
}
