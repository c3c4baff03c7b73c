package dev.rt.kind.db.graphql;

import dev.rt.kind.db.sql.QueryException;
import graphql.GraphqlErrorBuilder;
import graphql.execution.DataFetcherExceptionHandler;
import graphql.execution.DataFetcherExceptionHandlerParameters;
import graphql.execution.DataFetcherExceptionHandlerResult;
import java.util.concurrent.CompletableFuture;

/** A resolver's failure as a GraphQL error that carries its message as it is, at the field's path. */
final class ErrorMessages implements DataFetcherExceptionHandler {
    @Override
    public CompletableFuture<DataFetcherExceptionHandlerResult> handleException(
            DataFetcherExceptionHandlerParameters parameters) {
        Throwable failure = parameters.getException();
        while (failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null) {
            failure = failure.getCause();
        }
        String message = failure.getMessage() == null ? failure.toString() : failure.getMessage();
        GraphqlErrorBuilder<?> error = GraphqlErrorBuilder.newError(parameters.getDataFetchingEnvironment())
                .message(message);
        if (failure instanceof QueryException e) {
            error.extensions(java.util.Map.of("code", e.code(), "statusCode", e.status()));
        }
        return CompletableFuture.completedFuture(DataFetcherExceptionHandlerResult.newResult(error.build()).build());
    }
}
