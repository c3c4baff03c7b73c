package dev.rt.testdata.demo;

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
 * The demo's entrypoint: {@code GET /hello} calls the greeter service over the mesh
 * ({@code http://greeter.rt.local/greeting}) with the JDK HttpClient and wraps its answer.
 */
public final class Hello implements HttpHandler {
    private static final URI GREETER = URI.create(System.getenv().getOrDefault("GREETER_URL", "http://greeter.rt.local")
            + "/greeting");
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static HttpHandler build() {
        return new Hello();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            int status = 200;
            String body;
            if (path.equals("/hello")) {
                try {
                    HttpResponse<String> greeting = client.send(HttpRequest.newBuilder(GREETER).build(),
                            HttpResponse.BodyHandlers.ofString());
                    status = greeting.statusCode() == 200 ? 200 : 502;
                    body = "{\"message\":\"hello from the entrypoint\",\"greeter\":" + greeting.body() + "}\n";
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    status = 503;
                    body = "{\"error\":\"interrupted\"}\n";
                }
            } else if (path.equals("/")) {
                body = "{\"service\":\"hello\",\"try\":\"/hello\"}\n";
            } else {
                status = 404;
                body = "{\"error\":\"Not Found\"}\n";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }
}
