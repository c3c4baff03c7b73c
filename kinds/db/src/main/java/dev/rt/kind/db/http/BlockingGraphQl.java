package dev.rt.kind.db.http;

import dev.rt.kind.db.graphql.DbGraphQL;
import dev.rt.kind.service.GraphQlExecution;
import graphql.ExecutionInput;
import graphql.GraphQL;

/**
 * GraphQL of a db service: executed on the worker pool (its resolvers run JDBC), each request with relation loaders
 * of its own (they batch one request's relations, and must not mix requests), failures answered with their own
 * messages.
 */
final class BlockingGraphQl implements GraphQlExecution {
    private final DbGraphQL graphql;

    BlockingGraphQl(DbGraphQL graphql) {
        this.graphql = graphql;
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public GraphQL.Builder engine(GraphQL.Builder engine) {
        return graphql.configure(engine);
    }

    @Override
    public void request(ExecutionInput.Builder input) {
        input.dataLoaderRegistry(graphql.newRegistry());
    }
}
