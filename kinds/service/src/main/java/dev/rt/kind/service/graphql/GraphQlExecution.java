package dev.rt.kind.service.graphql;

import graphql.ExecutionInput;
import graphql.GraphQL;

/**
 * How a service's GraphQL requests execute, for a kind built on the service's host whose resolvers need more than
 * the defaults (the {@code db} kind: resolvers that run JDBC, relation loaders batched per request). The defaults are
 * those of a {@code service}: on the event loop, the engine and each request's input as graphql-java builds them.
 */
public interface GraphQlExecution {
    GraphQlExecution DEFAULT = new GraphQlExecution() {
    };

    /** Whether each request executes on the worker pool, where resolvers may block. */
    default boolean blocking() {
        return false;
    }

    /** The engine, built once for the merged schema: its exception handler, its instrumentation. */
    default GraphQL.Builder engine(GraphQL.Builder engine) {
        return engine;
    }

    /** Each request's input, before it executes: a {@code DataLoaderRegistry} of its own, say. */
    default void request(ExecutionInput.Builder input) {
    }
}
