package dev.rt.supervisor.proxy.route;

import dev.rt.kind.routing.PrefixRoute;
import io.netty.handler.codec.http.HttpRequest;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The prefix rules of a routing table that share a host scope, longest prefix first: the first whose prefix contains
 * the path (the prefix itself, or followed by {@code /}, {@code ?} or {@code #}) and that takes the method wins.
 * A handful of {@code startsWith} per request, and no allocation but the rewritten target.
 */
final class PrefixRules {
    private final Rule[] rules;

    private record Rule(String prefix, String upstreamPrefix, Set<String> methods, RouteTarget target,
            String originAuthority) {
    }

    private PrefixRules(Rule[] rules) {
        this.rules = rules;
    }

    static PrefixRules of(List<PrefixRoute> routes) {
        return new PrefixRules(routes.stream()
                .sorted(Comparator.comparingInt((PrefixRoute route) -> route.prefix().length()).reversed())
                .map(route -> new Rule(route.prefix(), route.upstreamPrefix(), TableTargets.withHead(route.methods()),
                        TableTargets.of(route.target(), route.prefix(), route.upstreamPrefix()),
                        TableTargets.originAuthority(route.target()).orElse(null)))
                .toArray(Rule[]::new));
    }

    boolean isEmpty() {
        return rules.length == 0;
    }

    /** The target of the rule that takes {@code request}, its URI rewritten for it; null when none does. */
    RouteTarget match(HttpRequest request) {
        String uri = request.uri();
        String method = request.method().name();
        for (Rule rule : rules) {
            String prefix = rule.prefix;
            if (uri.startsWith(prefix) && (uri.length() == prefix.length()
                    || "/?#".indexOf(uri.charAt(prefix.length())) >= 0) && rule.methods.contains(method)) {
                request.setUri(upstreamUri(uri, prefix, rule.upstreamPrefix));
                TableTargets.originHost(request, rule.originAuthority);
                return rule.target;
            }
        }
        return null;
    }

    /** {@code /movies/x?q} under {@code /movies} to {@code ""}: {@code /x?q}; the prefix alone: {@code /}. */
    static String upstreamUri(String uri, String prefix, String upstreamPrefix) {
        if (prefix.equals(upstreamPrefix)) {
            return uri;
        }
        String rest = uri.substring(prefix.length());
        if (rest.isEmpty() || rest.charAt(0) != '/') {
            return (upstreamPrefix.isEmpty() ? "/" : upstreamPrefix) + rest;
        }
        return upstreamPrefix + rest;
    }
}
