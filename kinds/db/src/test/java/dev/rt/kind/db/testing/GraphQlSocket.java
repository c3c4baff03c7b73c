package dev.rt.kind.db.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A GraphQL WebSocket client for the tests, on the JDK's {@link WebSocket}: sends JSON text, queues each message the
 * server sends (parsed), and remembers how the server closed the socket.
 */
public final class GraphQlSocket implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final WebSocket socket;
    private final BlockingQueue<Map<String, Object>> received;
    private final CompletableFuture<Integer> closed;

    private GraphQlSocket(WebSocket socket, BlockingQueue<Map<String, Object>> received,
            CompletableFuture<Integer> closed) {
        this.socket = socket;
        this.received = received;
        this.closed = closed;
    }

    /** Opens a socket offering {@code subprotocol}; fails as the handshake fails. */
    public static GraphQlSocket open(URI uri, String subprotocol) throws Exception {
        BlockingQueue<Map<String, Object>> received = new LinkedBlockingQueue<>();
        CompletableFuture<Integer> closed = new CompletableFuture<>();
        WebSocket.Listener listener = new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            @SuppressWarnings("unchecked")
            public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    try {
                        received.add(JSON.readValue(text.toString(), Map.class));
                    } catch (java.io.IOException e) {
                        received.add(Map.of("unparsable", text.toString()));
                    }
                    text.setLength(0);
                }
                socket.request(1);
                return null;
            }

            @Override
            public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
                closed.complete(statusCode);
                return null;
            }

            @Override
            public void onError(WebSocket socket, Throwable error) {
                closed.completeExceptionally(error);
            }
        };
        WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder().subprotocols(subprotocol)
                .connectTimeout(Duration.ofSeconds(30)).buildAsync(uri, listener).get(60, TimeUnit.SECONDS);
        return new GraphQlSocket(socket, received, closed);
    }

    public String subprotocol() {
        return socket.getSubprotocol();
    }

    public GraphQlSocket send(String json) throws Exception {
        socket.sendText(json, true).get(30, TimeUnit.SECONDS);
        return this;
    }

    /** The next message from the server; fails when none comes within 30 s. */
    public Map<String, Object> next() throws InterruptedException {
        Map<String, Object> message = received.poll(30, TimeUnit.SECONDS);
        if (message == null) {
            throw new AssertionError("no message from the server within 30 s");
        }
        return message;
    }

    /** A message that has already arrived, if any. */
    public Optional<Map<String, Object>> pending() {
        return Optional.ofNullable(received.poll());
    }

    /** The close code the server sent; fails when it does not close within 30 s. */
    public int closeCode() throws Exception {
        return closed.get(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(10, TimeUnit.SECONDS).exceptionally(e -> null).join();
        socket.abort();
    }
}
