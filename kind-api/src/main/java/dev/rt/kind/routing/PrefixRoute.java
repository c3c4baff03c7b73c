package dev.rt.kind.routing;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Requests under a path prefix, or for a host name, to one target. Upstream, {@code prefix} is replaced by
 * {@code upstreamPrefix} ({@code /movies/x} becomes {@code /x} with the prefix {@code /movies} and none upstream), and
 * a {@code Location} header of the response that is a path starting with {@code upstreamPrefix} gets {@code prefix}
 * in its place.
 *
 * @param hostname       requests whose host is this name (any port) take this rule at every path; empty: by path,
 *                       for any host that no rule names
 * @param prefix         {@code ""} or {@code /a/b}: the path itself and those below it
 * @param upstreamPrefix {@code ""} or {@code /a/b}
 * @param methods        upper-case method names the rule takes ({@code HEAD} with {@code GET})
 */
public record PrefixRoute(Target target, Optional<String> hostname, String prefix, String upstreamPrefix,
        Set<String> methods) {
    public PrefixRoute {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(hostname, "hostname");
        Paths.requirePrefix(prefix, "prefix");
        Paths.requirePrefix(upstreamPrefix, "upstreamPrefix");
        methods = Set.copyOf(methods);
    }
}
