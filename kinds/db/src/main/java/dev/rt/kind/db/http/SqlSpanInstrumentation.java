package dev.rt.kind.db.http;

import dev.rt.kind.db.sql.SqlSpans;
import dev.rt.kind.service.http.RequestSpans;
import graphql.ExecutionResult;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimpleInstrumentationContext;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import io.vertx.ext.web.RoutingContext;

/**
 * In a traced db service, the statements a GraphQL request runs (its resolvers' and its relation loaders', all on the
 * worker thread that executes it) are spans inside the request's ({@link SqlSpans}); the request's span is found
 * through the {@link RoutingContext} Vert.x's GraphQL handler puts in the execution's context.
 */
final class SqlSpanInstrumentation extends SimplePerformantInstrumentation {
    private final SqlSpans.Database database;

    SqlSpanInstrumentation(SqlSpans.Database database) {
        this.database = database;
    }

    @Override
    public InstrumentationContext<ExecutionResult> beginExecution(InstrumentationExecutionParameters parameters,
            InstrumentationState state) {
        RoutingContext context = parameters.getGraphQLContext().get(RoutingContext.class);
        if (context == null) {
            return SimpleInstrumentationContext.noOp();
        }
        Runnable end = SqlSpans.begin(RequestSpans.of(context), database);
        return SimpleInstrumentationContext.whenCompleted((result, failure) -> end.run());
    }
}
