package {{package}};

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The {{id}} application: rt calls {@link #build()} in each worker and serves the handler it returns ({@code GET
 * /hello} answers {@code {"message": "<greeting> from {{id}}"}}, the greeting from the GREETING variable of .env).
 */
public final class {{className}} {
    private {{className}}() {
    }

    public static HttpHandler build() {
        String configured = System.getenv().getOrDefault("GREETING", "");
        String greeting = configured.isBlank() ? "Hello" : configured;
        byte[] hello = ("{\"message\":\"" + greeting.replace("\\", "\\\\").replace("\"", "\\\"") + " from {{id}}\"}")
                .getBytes(StandardCharsets.UTF_8);
        return exchange -> {
            try (exchange) {
                if (exchange.getRequestURI().getPath().equals("/hello")) {
                    send(exchange, 200, hello);
                } else {
                    send(exchange, 404, ("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Route "
                            + exchange.getRequestMethod() + ":" + exchange.getRequestURI().getPath() + " not found\"}")
                            .getBytes(StandardCharsets.UTF_8));
                }
            }
        };
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("content-type", "application/json; charset=utf-8");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }
}
