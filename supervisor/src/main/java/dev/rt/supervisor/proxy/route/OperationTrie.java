package dev.rt.supervisor.proxy.route;

import dev.rt.kind.routing.OperationRoute;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The operation rules of a routing table as a tree of path segments: a literal segment is preferred to a
 * {@code {name}} one, and a path that matches no operation of its method falls through to the prefix rules. A
 * trailing slash on the request is not part of the match. The upstream path is the operation's upstream template
 * with the matched segments (as the client encoded them) in their places, and the query as it came.
 */
final class OperationTrie {
    private final Node root = new Node();

    private static final class Node {
        final Map<String, Node> literals = new HashMap<>();
        Node parameter;
        final Map<String, Operation> byMethod = new HashMap<>();
    }

    /** An operation: its target, and its upstream path as literal parts and the indexes of the captured segments. */
    private record Operation(RouteTarget target, Object[] upstream, String originAuthority) {
        String upstreamPath(List<String> captured) {
            StringBuilder path = new StringBuilder();
            for (Object part : upstream) {
                path.append(part instanceof Integer index ? captured.get(index) : (String) part);
            }
            return path.toString();
        }
    }

    static OperationTrie of(List<OperationRoute> routes) {
        OperationTrie trie = new OperationTrie();
        routes.forEach(trie::add);
        return trie;
    }

    boolean isEmpty() {
        return root.literals.isEmpty() && root.parameter == null && root.byMethod.isEmpty();
    }

    private void add(OperationRoute route) {
        List<String> names = new ArrayList<>();
        Node node = root;
        for (String segment : segments(route.prefix() + route.path())) {
            if (isParameter(segment)) {
                names.add(segment);
                node = node.parameter != null ? node.parameter : (node.parameter = new Node());
            } else {
                node = node.literals.computeIfAbsent(segment, s -> new Node());
            }
        }
        List<Object> upstream = new ArrayList<>();
        int position = 0; // a name the path does not have takes the path's parameters in order
        for (String segment : segments(route.upstreamPath())) {
            upstream.add("/");
            if (isParameter(segment)) {
                int index = names.indexOf(segment);
                upstream.add(index >= 0 ? index : Math.min(position, Math.max(0, names.size() - 1)));
                position++;
            } else {
                upstream.add(segment);
            }
        }
        if (upstream.isEmpty() || route.upstreamPath().endsWith("/") && route.upstreamPath().length() > 1) {
            upstream.add("/");
        }
        RouteTarget target = TableTargets.of(route.target(), route.prefix(), "");
        Operation operation = new Operation(route.bodyRewrite().map(target::rewritingBodies).orElse(target),
                upstream.toArray(),
                TableTargets.originAuthority(route.target()).orElse(null));
        for (String method : TableTargets.withHead(route.methods())) {
            node.byMethod.putIfAbsent(method, operation);
        }
    }

    /** The target of the operation that takes {@code request}, its URI rewritten for it; null when none does. */
    RouteTarget match(HttpRequest request) {
        String uri = request.uri();
        int end = 0;
        while (end < uri.length() && uri.charAt(end) != '?' && uri.charAt(end) != '#') {
            end++;
        }
        List<String> path = segments(uri.substring(0, end));
        List<String> captured = new ArrayList<>(2);
        Operation operation = find(root, path, 0, captured, request.method().name());
        if (operation == null) {
            return null;
        }
        request.setUri(operation.upstreamPath(captured) + uri.substring(end));
        TableTargets.originHost(request, operation.originAuthority);
        if (operation.target.bodyRewrite() != null) {
            request.headers().remove(HttpHeaderNames.ACCEPT_ENCODING); // a body to rewrite must come uncompressed
        }
        return operation.target;
    }

    private static Operation find(Node node, List<String> path, int at, List<String> captured, String method) {
        if (at == path.size()) {
            return node.byMethod.get(method);
        }
        Node literal = node.literals.get(path.get(at));
        Operation found = literal == null ? null : find(literal, path, at + 1, captured, method);
        if (found == null && node.parameter != null && !path.get(at).isEmpty()) {
            captured.add(path.get(at));
            found = find(node.parameter, path, at + 1, captured, method);
            if (found == null) {
                captured.remove(captured.size() - 1);
            }
        }
        return found;
    }

    /** {@code /a/b/} as {@code [a, b]}: the trailing slash does not count; {@code /} is no segment. */
    static List<String> segments(String path) {
        List<String> segments = new ArrayList<>(4);
        int start = 1;
        while (start <= path.length()) {
            int slash = path.indexOf('/', start);
            int end = slash < 0 ? path.length() : slash;
            if (end > start || slash >= 0 && slash < path.length() - 1) {
                segments.add(path.substring(start, end));
            }
            start = end + 1;
        }
        return segments;
    }

    private static boolean isParameter(String segment) {
        return segment.length() > 2 && segment.startsWith("{") && segment.endsWith("}");
    }
}
