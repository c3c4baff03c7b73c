package dev.rt.cli.admin;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes one answer to an exchange, with the headers every answer of the dashboard carries: no caching, no
 * sniffing, no framing by another site, no {@code Referer} (the first URL holds the token), and the page's own
 * origin as the only source of scripts, styles and connections.
 */
final class Reply {
    static final String JSON = "application/json; charset=utf-8";
    private static final String POLICY = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
            + "base-uri 'none'; form-action 'self'";

    private Reply() {
    }

    static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        headers(exchange, type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    static void json(HttpExchange exchange, String json) throws IOException {
        send(exchange, 200, JSON, json.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code {"message": ...}} with {@code status}. */
    static void error(HttpExchange exchange, int status, String message) throws IOException {
        send(exchange, status, JSON, RuntimeLink.JSON.createObjectNode().put("message", message).toString()
                .getBytes(StandardCharsets.UTF_8));
    }

    static void headers(HttpExchange exchange, String type) {
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", type);
        headers.set("Cache-Control", "no-store");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("X-Frame-Options", "DENY");
        headers.set("Referrer-Policy", "no-referrer");
        headers.set("Content-Security-Policy", POLICY);
    }
}
