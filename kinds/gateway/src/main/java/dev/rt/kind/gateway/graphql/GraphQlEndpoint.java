package dev.rt.kind.gateway.graphql;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.rt.kind.service.graphql.GraphQlHttp;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code POST /graphql} and {@code GET /graphql?query=...} on the current composed engine, as GraphQL over HTTP has
 * them ({@link GraphQlHttp}: a mutation sent with GET is refused, never forwarded); no engine yet, 503 with
 * {@code Retry-After}.
 */
final class GraphQlEndpoint implements Handler<RoutingContext> {
    private final Supplier<GraphQlHttp> engine;
    private final Supplier<String> notReady;

    GraphQlEndpoint(Supplier<GraphQlHttp> engine, Supplier<String> notReady) {
        this.engine = engine;
        this.notReady = notReady;
    }

    @Override
    public void handle(RoutingContext context) {
        GraphQlHttp current = engine.get();
        if (current != null) {
            current.handle(context);
            return;
        }
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", notReady.get());
        try {
            context.response().setStatusCode(503).putHeader("retry-after", "1")
                    .putHeader("content-type", "application/json; charset=utf-8")
                    .end(Buffer.buffer(Upstream.JSON.writeValueAsBytes(Map.of("errors", List.of(error)))));
        } catch (JsonProcessingException e) {
            context.fail(e);
        }
    }
}
