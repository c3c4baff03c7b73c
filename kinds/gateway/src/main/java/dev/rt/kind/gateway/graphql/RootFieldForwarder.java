package dev.rt.kind.gateway.graphql;

import com.fasterxml.jackson.databind.JsonNode;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.execution.DataFetcherResult;
import graphql.execution.ResultPath;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Answers a root field of the composed schema by sending the part of the request under it to the application that
 * has it ({@link ForwardedQuery}): its data under the field's response key, and its errors (their {@code extensions}
 * too: the application's error codes), become the field's.
 */
final class RootFieldForwarder implements DataFetcher<CompletableFuture<DataFetcherResult<Object>>> {
    private final Upstream upstream;

    RootFieldForwarder(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public CompletableFuture<DataFetcherResult<Object>> get(DataFetchingEnvironment env) {
        ForwardedQuery query = ForwardedQuery.of(env.getMergedField().getFields(), env.getOperationDefinition(),
                env.getFragmentsByName(), env.getVariables());
        String key = env.getField().getResultKey();
        return upstream.send(query.text(), query.variables()).handle((answer, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                String message = cause instanceof IllegalStateException ? cause.getMessage()
                        : "the application \"" + upstream.id() + "\" did not answer " + upstream.endpoint() + ": "
                                + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
                return DataFetcherResult.newResult().error(GraphqlErrorBuilder.newError(env).message(message).build())
                        .build();
            }
            JsonNode data = answer.path("data").path(key);
            List<GraphQLError> errors = new ArrayList<>();
            for (JsonNode error : answer.path("errors")) {
                GraphqlErrorBuilder<?> built = GraphqlErrorBuilder.newError(env)
                        .message(error.path("message").asText("an error of the \"" + upstream.id() + "\" application"));
                if (error.path("path").isArray() && !error.path("path").isEmpty()) {
                    built.path(ResultPath.fromList(Upstream.JSON.convertValue(error.get("path"), List.class)));
                }
                if (error.path("extensions").isObject()) {
                    built.extensions(Upstream.JSON.convertValue(error.get("extensions"), Map.class));
                }
                errors.add(built.build());
            }
            Object value = data.isMissingNode() || data.isNull() ? null : Upstream.JSON.convertValue(data, Object.class);
            return DataFetcherResult.newResult().data(value).errors(errors).build();
        });
    }
}
