package dev.rt.kind.db.http;

import dev.rt.kind.db.graphql.DbGraphQL;
import dev.rt.kind.db.sql.SqlSpans;
import dev.rt.kind.service.graphql.GraphQlExecution;
import graphql.ExecutionInput;
import dev.rt.kind.db.graphql.CallerAccess;
import graphql.GraphQL;
import java.util.Map;

/**
 * GraphQL of a db service: executed on the worker pool (its resolvers run JDBC), each request with relation loaders
 * of its own (they batch one request's relations, and must not mix requests), failures answered with their own
 * messages, each with its caller's access ({@link Callers}); in a traced service, its statements recorded as spans ({@link SqlSpanInstrumentation}).
 */
final class BlockingGraphQl implements GraphQlExecution {
    private final DbGraphQL graphql;
    private final SqlSpans.Database traced;
    private final Callers callers;

    /** @param traced the database its SQL spans name, or null when the service is not traced */
    BlockingGraphQl(DbGraphQL graphql, SqlSpans.Database traced, Callers callers) {
        this.graphql = graphql;
        this.traced = traced;
        this.callers = callers;
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public GraphQL.Builder engine(GraphQL.Builder engine) {
        GraphQL.Builder configured = graphql.configure(engine);
        return traced == null ? configured : configured.instrumentation(new SqlSpanInstrumentation(traced));
    }

    @Override
    public void request(ExecutionInput.Builder input) {
        input.dataLoaderRegistry(graphql.newRegistry()).graphQLContext(Map.of(CallerAccess.class, callers.graphQl()));
    }
}
