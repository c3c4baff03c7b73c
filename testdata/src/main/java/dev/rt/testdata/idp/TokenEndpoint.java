package dev.rt.testdata.idp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny OAuth2 identity provider for the token interceptor's tests. {@code POST /token} with the
 * client-credentials grant of client {@code rt} (secret {@code s3cret}) issues {@code token-1},
 * {@code token-2}, ... valid {@code IDP_EXPIRES_IN} seconds (default 3600); wrong credentials get 401.
 * {@code GET /issued} tells how many tokens were issued; any other path answers with the request's
 * {@code Authorization} header, so that it can serve as a protected API too.
 */
public final class TokenEndpoint implements HttpHandler {
    private final AtomicInteger issued = new AtomicInteger();

    public static HttpHandler build() {
        return new TokenEndpoint();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            switch (exchange.getRequestURI().getPath()) {
                case "/token" -> token(exchange, form(body));
                case "/issued" -> send(exchange, 200, "text/plain", String.valueOf(issued.get()));
                default -> send(exchange, 200, "text/plain",
                        "authorization: " + exchange.getRequestHeaders().getFirst("Authorization"));
            }
        }
    }

    private void token(HttpExchange exchange, Map<String, String> form) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod()) || !"client_credentials".equals(form.get("grant_type"))
                || !"rt".equals(form.get("client_id")) || !"s3cret".equals(form.get("client_secret"))) {
            send(exchange, 401, "application/json", "{\"error\":\"invalid_client\"}");
            return;
        }
        String expiresIn = System.getenv().getOrDefault("IDP_EXPIRES_IN", "3600");
        send(exchange, 200, "application/json", "{\"access_token\":\"token-" + issued.incrementAndGet()
                + "\",\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn + "}");
    }

    private static Map<String, String> form(String body) {
        Map<String, String> values = new HashMap<>();
        for (String pair : body.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                values.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return values;
    }

    private static void send(HttpExchange exchange, int status, String type, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }
}
