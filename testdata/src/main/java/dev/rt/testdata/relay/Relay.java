package dev.rt.testdata.relay;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A link of a chain of services: {@code GET /relay} calls {@code NEXT_URL} (another service over the mesh, with the
 * JDK HttpClient) when it is set, and answers
 * {@code {"service":"<id>","telemetryId":"<x-rt-telemetry-id received>","traceparent":"<received>","next":<its answer>}}.
 * {@code GET /cached} answers {@code CACHE_CONTROL} (when set) as its {@code Cache-Control}, a counter that grows with
 * every call that reaches it, and {@code X-Cache-Tags: CACHE_TAGS}; {@code POST /cached} is counted too.
 * {@code /call/<path>} sends the request (its method, and the headers {@link Resource#FORWARDED}) to
 * {@code NEXT_BASE/<path>} and answers what came back; {@code /res} is a {@link Resource}; {@code /invalidate} is a
 * {@link CacheInvalidator}, {@code /http-invalidate} an {@link HttpInvalidator}.
 */
public final class Relay implements HttpHandler {
    private static final String NEXT = System.getenv("NEXT_URL");
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private int calls;

    public static HttpHandler build() {
        return new Relay();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] received = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getPath();
            String body;
            int status = 200;
            if (path.startsWith("/call/")) {
                Resource.call(exchange, client);
                return;
            } else if (path.equals("/res")) {
                Resource.serve(exchange);
                return;
            } else if (path.equals("/invalidate")) {
                CacheInvalidator.serve(exchange);
                return;
            } else if (path.startsWith("/http-invalidate")) {
                HttpInvalidator.serve(exchange, received, client);
                return;
            } else if (path.equals("/relay")) {
                body = relay(exchange);
            } else if (path.equals("/cached")) {
                synchronized (this) {
                    calls++;
                    body = "{\"calls\":" + calls + "}";
                }
                String cacheControl = System.getenv("CACHE_CONTROL");
                if (cacheControl != null) {
                    exchange.getResponseHeaders().set("Cache-Control", cacheControl);
                }
                String tags = System.getenv("CACHE_TAGS");
                if (tags != null) {
                    exchange.getResponseHeaders().set("X-Cache-Tags", tags);
                }
            } else {
                status = 404;
                body = "{\"error\":\"Not Found\"}";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    private String relay(HttpExchange exchange) throws IOException {
        String next = "null";
        if (NEXT != null && !NEXT.isEmpty()) {
            try {
                next = client.send(HttpRequest.newBuilder(URI.create(NEXT)).timeout(Duration.ofSeconds(20)).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        }
        return "{\"service\":\"" + System.getenv("RT_SERVICE_ID") + "\",\"telemetryId\":" + quoted(exchange, "x-rt-telemetry-id")
                + ",\"traceparent\":" + quoted(exchange, "traceparent") + ",\"next\":" + next + "}";
    }

    private static String quoted(HttpExchange exchange, String header) {
        String value = exchange.getRequestHeaders().getFirst(header);
        return value == null ? "null" : "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
