package dev.rt.kind.service.graphql.ws;

import dev.rt.service.HttpError;
import graphql.ExecutionInput;
import graphql.GraphQL;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * GraphQL subscriptions over WebSocket at {@code /graphql}, for a schema with a {@code Subscription} type: a
 * {@code GET} that asks for a WebSocket with the subprotocol {@code graphql-transport-ws} (or the older
 * {@code graphql-ws}) becomes a {@link GraphQlSocketSession}; one that offers neither is answered 400; any other
 * {@code GET} goes on to the HTTP handler.
 */
public final class GraphQlSockets implements Handler<RoutingContext> {
    /** The subprotocols the server accepts, the preferred first. */
    public static final List<String> SUBPROTOCOLS = List.of(GraphQlSocketProtocol.TRANSPORT_WS.name,
            GraphQlSocketProtocol.LEGACY_WS.name);

    private final GraphQL engine;
    private final boolean blocking;
    private final Consumer<ExecutionInput.Builder> eachRequest;

    /**
     * @param blocking    whether operations execute on the worker pool, where resolvers may block
     * @param eachRequest adjusts each operation's input before it executes (a data loader registry of its own, say)
     */
    public GraphQlSockets(GraphQL engine, boolean blocking, Consumer<ExecutionInput.Builder> eachRequest) {
        this.engine = engine;
        this.blocking = blocking;
        this.eachRequest = eachRequest;
    }

    @Override
    public void handle(RoutingContext context) {
        HttpServerRequest request = context.request();
        if (!request.canUpgradeToWebSocket()) {
            context.next();
            return;
        }
        Optional<GraphQlSocketProtocol> offered = GraphQlSocketProtocol.offered(
                request.getHeader("sec-websocket-protocol"));
        if (offered.isEmpty()) {
            context.fail(new HttpError(400, "GraphQL subscriptions need the WebSocket subprotocol graphql-transport-ws"
                    + " (or graphql-ws); the request offered " + Optional.ofNullable(
                            request.getHeader("sec-websocket-protocol")).map(p -> "\"" + p + "\"").orElse("none")));
            return;
        }
        request.toWebSocket().onSuccess(socket -> {
            GraphQlSocketProtocol protocol = GraphQlSocketProtocol.named(socket.subProtocol()).orElse(offered.get());
            new GraphQlSocketSession(context.vertx(), socket, protocol, engine, blocking, eachRequest, context).start();
        });
    }
}
