package dev.rt.testdata.messaging;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.rt.messaging.Messaging;
import dev.rt.messaging.MessagingException;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A service that sends messages on request: {@code GET /send?to=S&name=N&payload=P} sends P (a string; a number
 * with {@code &number=true}; a map with a nested list with {@code &structured=true}) and answers 200 with the reply's
 * {@code toString()}, or 502 with {@code <code>: <message>} when the send failed.
 */
public final class Sender implements HttpHandler {
    private Sender() {
    }

    public static HttpHandler build() {
        return new Sender();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            Object payload = query.get("payload");
            if (query.containsKey("number")) {
                payload = Long.parseLong(query.get("payload"));
            } else if (query.containsKey("structured")) {
                payload = Map.of("text", query.get("payload"), "list", List.of(1, "two", true));
            }
            int status;
            String body;
            try {
                body = String.valueOf(Messaging.send(query.get("to"), query.get("name"), payload));
                status = 200;
            } catch (MessagingException e) {
                body = e.code() + ": " + e.getMessage();
                status = 502;
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> query = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                query.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                        eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return query;
    }
}
