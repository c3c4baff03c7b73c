package dev.rt.kind.gateway.graphql;

import com.fasterxml.jackson.databind.JsonNode;
import graphql.ExecutionInput;
import graphql.GraphQL;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code POST /graphql} ({@code {"query", "variables", "operationName"}}) and {@code GET /graphql?query=...} on the
 * current composed engine: the result as GraphQL over HTTP has it, 200 with {@code data} and {@code errors}; a
 * request that is no GraphQL request, 400; no engine yet, 503 with {@code Retry-After}.
 */
final class GraphQlEndpoint implements Handler<RoutingContext> {
    private final Supplier<GraphQL> engine;
    private final Supplier<String> notReady;

    GraphQlEndpoint(Supplier<GraphQL> engine, Supplier<String> notReady) {
        this.engine = engine;
        this.notReady = notReady;
    }

    @Override
    public void handle(RoutingContext context) {
        GraphQL current = engine.get();
        if (current == null) {
            context.response().putHeader("retry-after", "1");
            answer(context, 503, errors(notReady.get()));
            return;
        }
        ExecutionInput input;
        try {
            input = input(context);
        } catch (IllegalArgumentException e) {
            answer(context, 400, errors(e.getMessage()));
            return;
        }
        current.executeAsync(input).whenComplete((result, failure) -> {
            if (failure != null) {
                answer(context, 500, errors("the request failed: " + failure.getMessage()));
            } else {
                answer(context, 200, result.toSpecification());
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static ExecutionInput input(RoutingContext context) {
        String query;
        Object variables;
        String operation;
        if (context.request().method().name().equals("GET")) {
            query = context.queryParams().get("query");
            operation = context.queryParams().get("operationName");
            String raw = context.queryParams().get("variables");
            variables = raw == null ? null : parse(Buffer.buffer(raw), "variables");
        } else {
            Buffer body = context.body() == null ? null : context.body().buffer();
            JsonNode request = body == null ? null : Upstream.JSON.valueToTree(parse(body, "the body"));
            if (request == null || !request.isObject()) {
                throw new IllegalArgumentException("a GraphQL request is a JSON object {\"query\": \"...\"}");
            }
            query = request.path("query").isTextual() ? request.get("query").asText() : null;
            operation = request.path("operationName").isTextual() ? request.get("operationName").asText() : null;
            variables = Upstream.JSON.convertValue(request.get("variables"), Object.class);
        }
        if (query == null || query.isBlank()) {
            throw new IllegalArgumentException("the request has no query");
        }
        if (variables != null && !(variables instanceof Map)) {
            throw new IllegalArgumentException("variables must be a JSON object");
        }
        return ExecutionInput.newExecutionInput().query(query).operationName(operation)
                .variables(variables == null ? Map.of() : (Map<String, Object>) variables).build();
    }

    private static Object parse(Buffer text, String what) {
        try {
            return Upstream.JSON.readValue(text.getBytes(), Object.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(what + " is not JSON: " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(what + " cannot be read: " + e.getMessage());
        }
    }

    private static Map<String, Object> errors(String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        return Map.of("errors", List.of(error));
    }

    private static void answer(RoutingContext context, int status, Map<String, Object> body) {
        try {
            context.response().setStatusCode(status).putHeader("content-type", "application/json; charset=utf-8")
                    .end(Buffer.buffer(Upstream.JSON.writeValueAsBytes(body)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            context.fail(e);
        }
    }
}
