package dev.rt.kind.service.route;

import dev.rt.kind.service.validation.PartValidator;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A route a plugin defined, before it is mounted: where, with which schemas and documentation, handled how.
 *
 * @param path       the full path, the plugin's prefix included ({@code /movies/:id})
 * @param schemas    the request schemas by part ({@code params}, {@code body}, {@code querystring}, {@code headers}),
 *                   as written
 * @param responses  the response schemas by status, as written
 * @param validators the compiled request validators, in validation order
 */
public record RouteRecord(HttpMethod method, String path, Map<String, String> schemas,
        Map<Integer, String> responses, RouteDocs docs, List<PartValidator> validators,
        Handler<RoutingContext> handler, boolean blocking) {

    public RouteRecord {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        schemas = Map.copyOf(schemas);
        responses = Map.copyOf(responses);
        Objects.requireNonNull(docs, "docs");
        validators = List.copyOf(validators);
        Objects.requireNonNull(handler, "handler");
    }

    /** The route's documentation for the OpenAPI document. */
    public record RouteDocs(Optional<String> summary, Optional<String> description, Optional<String> operationId,
            List<String> tags, boolean hidden) {
        public RouteDocs {
            tags = List.copyOf(tags);
        }
    }

    /** Two routes clash when they have the same method and the same path, parameter names aside. */
    public String key() {
        return method.name() + " " + path.replaceAll(":[^/]+", ":");
    }

    /** Static paths sort before those with parameters, which sort before wildcards, as the router matches them. */
    int specificity() {
        return path.contains("*") ? 2 : path.contains(":") ? 1 : 0;
    }

    @Override
    public String toString() {
        return method.name() + " " + path;
    }
}
