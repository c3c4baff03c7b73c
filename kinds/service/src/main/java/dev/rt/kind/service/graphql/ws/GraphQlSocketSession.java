package dev.rt.kind.service.graphql.ws;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.reactivestreams.Publisher;

/**
 * One WebSocket of GraphQL operations. The client opens with {@code connection_init} (answered
 * {@code connection_ack}), then starts operations under ids of its own: a subscription streams its results until it
 * ends or the client stops it; a query or mutation answers once. A message that breaks the protocol closes the socket
 * with the protocol's code and the reason: 4400 for a malformed one, 4401 for an operation before
 * {@code connection_init}, 4409 for an id already running, 4429 for a second {@code connection_init}, 4408 when no
 * {@code connection_init} came in time. A closed socket stops all its operations. Messages are taken in order: one
 * that follows an operation waits until the operation has started (a subscription listens), so that a {@code pong}
 * tells the client its subscriptions before the {@code ping} are in place.
 */
final class GraphQlSocketSession {
    static final long INIT_TIMEOUT_MILLIS = 10_000;

    private final Vertx vertx;
    private final ServerWebSocket socket;
    private final GraphQlSocketProtocol protocol;
    private final GraphQL engine;
    private final boolean blocking;
    private final Consumer<ExecutionInput.Builder> eachRequest;
    private final RoutingContext upgrade;
    private final Map<String, GraphQlSocketStream> running = new ConcurrentHashMap<>();
    private volatile boolean initialised;
    private volatile boolean closed;
    private long initTimer;

    GraphQlSocketSession(Vertx vertx, ServerWebSocket socket, GraphQlSocketProtocol protocol, GraphQL engine,
            boolean blocking, Consumer<ExecutionInput.Builder> eachRequest, RoutingContext upgrade) {
        this.vertx = vertx;
        this.upgrade = upgrade;
        this.socket = socket;
        this.protocol = protocol;
        this.engine = engine;
        this.blocking = blocking;
        this.eachRequest = eachRequest;
    }

    void start() {
        socket.textMessageHandler(this::received);
        socket.binaryMessageHandler(binary -> close(4400, "Invalid message received: binary frames are not"
                + " GraphQL messages"));
        socket.closeHandler(ignored -> ended());
        initTimer = vertx.setTimer(INIT_TIMEOUT_MILLIS, id -> {
            if (!initialised) {
                close(4408, "Connection initialisation timeout");
            }
        });
    }

    private void received(String text) {
        if (closed) {
            return;
        }
        JsonObject message;
        try {
            message = new JsonObject(text);
        } catch (DecodeException | ClassCastException e) {
            close(4400, "Invalid message received: not a JSON object");
            return;
        }
        if (!(message.getValue("type") instanceof String type)) {
            close(4400, "Invalid message received: no \"type\"");
            return;
        }
        if (type.equals("connection_init")) {
            if (initialised && protocol == GraphQlSocketProtocol.TRANSPORT_WS) {
                close(4429, "Too many initialisation requests");
                return;
            }
            initialised = true;
            vertx.cancelTimer(initTimer);
            send(new JsonObject().put("type", "connection_ack"));
        } else if (type.equals("ping") && protocol == GraphQlSocketProtocol.TRANSPORT_WS) {
            send(new JsonObject().put("type", "pong"));
        } else if (type.equals("pong") && protocol == GraphQlSocketProtocol.TRANSPORT_WS) {
            return;
        } else if (type.equals(protocol.subscribe)) {
            subscribe(message);
        } else if (type.equals(protocol.stop)) {
            if (message.getValue("id") instanceof String id) {
                GraphQlSocketStream stream = running.remove(id);
                if (stream != null) {
                    stream.cancel();
                }
            } else {
                close(4400, "Invalid message received: \"" + type + "\" needs an \"id\"");
            }
        } else if (type.equals("connection_terminate") && protocol == GraphQlSocketProtocol.LEGACY_WS) {
            close(1000, "Normal Closure");
        } else {
            close(4400, "Invalid message received: unknown type \"" + type + "\"");
        }
    }

    private void subscribe(JsonObject message) {
        if (!initialised) {
            close(4401, "Unauthorized");
            return;
        }
        if (!(message.getValue("id") instanceof String id) || id.isEmpty()) {
            close(4400, "Invalid message received: \"" + protocol.subscribe + "\" needs an \"id\"");
            return;
        }
        if (!(message.getValue("payload") instanceof JsonObject payload)
                || !(payload.getValue("query") instanceof String query)) {
            close(4400, "Invalid message received: \"" + protocol.subscribe + "\" needs a payload with a \"query\"");
            return;
        }
        GraphQlSocketStream stream = new GraphQlSocketStream(this, id);
        if (running.putIfAbsent(id, stream) != null) {
            close(4409, "Subscriber for " + id + " already exists");
            return;
        }
        // the upgrade request, as an HTTP execution has its own: who subscribes (its user, its headers)
        ExecutionInput.Builder input = ExecutionInput.newExecutionInput().query(query)
                .graphQLContext(Map.of(RoutingContext.class, upgrade));
        if (payload.getValue("operationName") instanceof String operation) {
            input.operationName(operation);
        }
        if (payload.getValue("variables") instanceof JsonObject variables) {
            input.variables(variables.getMap());
        }
        eachRequest.accept(input);
        socket.pause(); // the next message waits until this operation has started: a ping after it answers then
        Future<ExecutionResult> result = blocking
                ? vertx.executeBlocking(() -> engine.execute(input.build()), false)
                : Future.fromCompletionStage(engine.executeAsync(input.build()));
        result.onComplete(done -> {
            if (done.failed()) {
                stream.failed(done.cause());
            } else {
                executed(stream, done.result());
            }
            socket.resume();
        });
    }

    private void executed(GraphQlSocketStream stream, ExecutionResult result) {
        if (result.getData() instanceof Publisher<?> publisher) {
            @SuppressWarnings("unchecked")
            Publisher<ExecutionResult> results = (Publisher<ExecutionResult>) publisher;
            results.subscribe(stream);
        } else if (!running(stream.id(), stream)) {
            return; // stopped while it ran
        } else if (result.getData() == null && !result.getErrors().isEmpty()) {
            error(stream.id(), result.getErrors().stream().map(e -> (Object) e.toSpecification()).toList());
        } else {
            next(stream.id(), result);
            complete(stream.id());
        }
    }

    /** An operation's stream has ended by itself: it is no longer running. */
    boolean finished(String id) {
        return running.remove(id) != null;
    }

    /** Whether the operation still runs: the client has not stopped it, the socket is open. */
    boolean running(String id, GraphQlSocketStream stream) {
        return !closed && running.get(id) == stream;
    }

    void next(String id, ExecutionResult result) {
        send(new JsonObject().put("id", id).put("type", protocol.next).put("payload", result.toSpecification()));
    }

    /** The operation failed: unless the client stopped it, it ends with its errors. */
    void error(String id, List<Object> errors) {
        if (finished(id)) {
            send(new JsonObject().put("id", id).put("type", "error").put("payload", errors));
        }
    }

    /** The operation has no more results: unless the client stopped it, it ends so. */
    void complete(String id) {
        if (finished(id)) {
            send(new JsonObject().put("id", id).put("type", "complete"));
        }
    }

    private void send(JsonObject message) {
        if (!closed) {
            socket.writeTextMessage(message.encode());
        }
    }

    private void close(int code, String reason) {
        if (protocol == GraphQlSocketProtocol.LEGACY_WS && code != 1000) {
            send(new JsonObject().put("type", "connection_error").put("payload", new JsonObject().put("message",
                    reason)));
        }
        // a close frame's reason holds 123 bytes at most
        String shortReason = reason.length() > 120 ? reason.substring(0, 117) + "..." : reason;
        socket.close((short) code, shortReason);
        ended();
    }

    private void ended() {
        closed = true;
        vertx.cancelTimer(initTimer);
        running.values().forEach(GraphQlSocketStream::cancel);
        running.clear();
    }
}
