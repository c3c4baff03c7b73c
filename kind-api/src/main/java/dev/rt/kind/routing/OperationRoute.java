package dev.rt.kind.routing;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Requests for one path template below a prefix, with some methods, to one target: a documented operation. The
 * path {@code prefix + path} (a segment {@code {name}} matches any one segment; a trailing slash on the request is
 * ignored) becomes {@code upstreamPath} with the same segments in its {@code {name}} places, query kept. A
 * {@code Location} header that is a path gets {@code prefix} before it.
 *
 * @param prefix       {@code ""} or {@code /a/b}
 * @param path         a template starting with {@code /}
 * @param upstreamPath a template starting with {@code /}, with the names of {@code path}
 * @param methods      upper-case method names ({@code HEAD} with {@code GET})
 * @param bodyRewrite  what is changed in the bodies of its responses; empty for none (they stream through)
 */
public record OperationRoute(Target target, String prefix, String path, String upstreamPath, Set<String> methods,
        Optional<ResponseBodyRewrite> bodyRewrite) {
    public OperationRoute {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(bodyRewrite, "bodyRewrite");
        Paths.requirePrefix(prefix, "prefix");
        Paths.requireTemplate(path, "path");
        Paths.requireTemplate(upstreamPath, "upstreamPath");
        methods = Set.copyOf(methods);
    }

    /** An operation whose responses stream through untouched. */
    public OperationRoute(Target target, String prefix, String path, String upstreamPath, Set<String> methods) {
        this(target, prefix, path, upstreamPath, methods, Optional.empty());
    }
}
