package dev.rt.kind.routing;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rules of the public server, looked at in this order: a {@link PrefixRoute} with a {@code hostname} that is the
 * request's host takes the request whatever its path; then an {@link Answer} at the request's exact path (GET and
 * HEAD); then the {@link OperationRoute} whose template matches the path and method; then the {@link PrefixRoute}
 * without hostname whose prefix is the longest one that contains the path.
 *
 * @param prefixes   rules by path prefix, or by host name
 * @param operations rules by path template and method
 * @param answers    responses the public server gives itself, by exact path (without the query)
 */
public record RoutingTable(List<PrefixRoute> prefixes, List<OperationRoute> operations, Map<String, Answer> answers) {
    /** No rule: every request goes to the entrypoint service's workers. */
    public static final RoutingTable EMPTY = new RoutingTable(List.of(), List.of(), Map.of());

    public RoutingTable {
        prefixes = List.copyOf(prefixes);
        operations = List.copyOf(operations);
        answers = Map.copyOf(Objects.requireNonNull(answers, "answers"));
    }
}
