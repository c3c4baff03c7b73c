package dev.rt.kind.service.graphql;

import dev.rt.service.HttpError;
import graphql.ExecutionInput;
import graphql.GraphQL;
import io.vertx.core.Handler;
import io.vertx.core.json.Json;
import io.vertx.ext.web.RoutingContext;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * {@code GET} and {@code POST /graphql} on a graphql-java engine, as the GraphQL-over-HTTP specification has them:
 * the request read ({@link GraphQlRequest}), the response's media type negotiated ({@link ResponseType}), a mutation
 * sent with GET refused with 405 and {@code Allow: POST} before anything runs ({@link OperationGuard}), and the result
 * written with the status its media type calls for. Errors a resolver raises stay in the result beside the data
 * (the failed field null). A request that is no GraphQL request, or that is refused, fails the routing context with
 * an {@link HttpError}, which the service's error handler answers as for any route. The execution's
 * {@code GraphQLContext} holds the {@link RoutingContext}, for instrumentation that needs the request.
 * Written for rt rather than taken from Vert.x's GraphQL handler, which runs a mutation sent with GET, executes a
 * POST's {@code ?query=} whatever the body's type, and answers 200 {@code application/json} to everything.
 */
public final class GraphQlHttp implements Handler<RoutingContext> {
    private final GraphQL engine;
    private final Consumer<ExecutionInput.Builder> eachRequest;

    /**
     * @param engine      the engine (a copy of it, guarded, serves the requests)
     * @param eachRequest adjusts each request's input before it executes (a data loader registry of its own, say)
     */
    public GraphQlHttp(GraphQL engine, Consumer<ExecutionInput.Builder> eachRequest) {
        this.engine = engine.transform(builder -> builder.preparsedDocumentProvider(
                new OperationGuard(engine.getPreparsedDocumentProvider())));
        this.eachRequest = eachRequest;
    }

    @Override
    public void handle(RoutingContext context) {
        Optional<ResponseType> type = ResponseType.negotiate(context.request().getHeader("accept"));
        if (type.isEmpty()) {
            context.fail(new HttpError(406, "RT_GRAPHQL_NOT_ACCEPTABLE", "a GraphQL response is"
                    + " application/graphql-response+json or application/json, and Accept allows neither: "
                    + context.request().getHeader("accept")));
            return;
        }
        GraphQlRequest request;
        try {
            request = GraphQlRequest.of(context);
        } catch (HttpError e) {
            context.fail(e);
            return;
        }
        HttpOperation operation = new HttpOperation(context.request().method());
        ExecutionInput.Builder input = request.input()
                .graphQLContext(Map.of(RoutingContext.class, context, HttpOperation.class, operation));
        eachRequest.accept(input);
        engine.executeAsync(input.build()).whenComplete((result, failure) -> {
            if (failure != null) {
                context.fail(failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure);
                return;
            }
            Optional<HttpError> refusal = operation.refusal();
            if (refusal.isPresent()) {
                if (refusal.get().statusCode() == 405) {
                    context.response().putHeader("allow", "POST");
                }
                context.fail(refusal.get());
                return;
            }
            context.response().setStatusCode(type.get().status(result))
                    .putHeader("content-type", type.get().contentType())
                    .end(Json.encodeToBuffer(result.toSpecification()));
        });
    }
}
