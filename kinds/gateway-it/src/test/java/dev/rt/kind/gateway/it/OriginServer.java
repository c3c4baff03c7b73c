package dev.rt.kind.gateway.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An application outside the runtime, on 127.0.0.1: its OpenAPI document at {@code /documentation/json} (replaceable
 * while it runs), {@code /items} and {@code /items/<id>} as JSON, and any other path answered with that path.
 */
final class OriginServer implements AutoCloseable {
    static final String ITEMS = "\"/items\": {\"get\": {\"operationId\": \"listItems\", \"responses\": {\"200\":"
            + " {\"description\": \"the items\"}}}}";
    static final String ITEM = "\"/items/{id}\": {\"get\": {\"operationId\": \"getItem\", \"parameters\": [{\"name\":"
            + " \"id\", \"in\": \"path\", \"required\": true, \"schema\": {\"type\": \"integer\"}}], \"responses\":"
            + " {\"200\": {\"description\": \"an item\"}}}}";

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(8);
    private volatile String document;

    private OriginServer(int port, String paths) throws IOException {
        document(paths);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                String path = exchange.getRequestURI().getPath();
                if (path.equals("/documentation/json")) {
                    respond(exchange, document);
                } else if (path.equals("/items")) {
                    respond(exchange, "[{\"id\": 1}]");
                } else if (path.startsWith("/items/")) {
                    respond(exchange, "{\"id\": " + path.substring("/items/".length()) + "}");
                } else {
                    respond(exchange, "{\"path\": \"" + exchange.getRequestURI() + "\"}");
                }
            }
        });
        server.start();
    }

    /** Serves on {@code port} ({@code 0}: a free one) a document with these paths (JSON members). */
    static OriginServer on(int port, String paths) throws IOException {
        return new OriginServer(port, paths);
    }

    /** From now on the document has these paths. */
    void document(String paths) {
        document = "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"Legacy\", \"version\": \"1\"}, \"paths\": {"
                + paths + "}}";
    }

    int port() {
        return server.getAddress().getPort();
    }

    private static void respond(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getRequestBody().readAllBytes();
        exchange.getResponseHeaders().set("content-type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
