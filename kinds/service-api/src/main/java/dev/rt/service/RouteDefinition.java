package dev.rt.service;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * A route being defined: its JSON Schemas (JSON text, draft 2020-12), its documentation, then its handler, which
 * registers it. A request is validated against the {@code params}, {@code body}, {@code query} and {@code headers}
 * schemas in that order, coercing strings to the types the schema asks for; the first error is answered with 400
 * and the handler is not called. The coerced values are read with {@link Validated}.
 */
public interface RouteDefinition {

    RouteDefinition params(String jsonSchema);

    RouteDefinition body(String jsonSchema);

    RouteDefinition query(String jsonSchema);

    RouteDefinition headers(String jsonSchema);

    /** The schema of a response with this status; documentation only. */
    RouteDefinition response(int statusCode, String jsonSchema);

    RouteDefinition summary(String summary);

    RouteDefinition description(String description);

    RouteDefinition operationId(String operationId);

    RouteDefinition tags(String... tags);

    /** Leaves the route out of the OpenAPI document. */
    RouteDefinition hide();

    /** Registers the route with a handler run on the event loop: it must not block. */
    void handler(Handler<RoutingContext> handler);

    /** Registers the route with a handler run on the worker pool, where it may block (JDBC, files, sleeps). */
    void blockingHandler(Handler<RoutingContext> handler);
}
