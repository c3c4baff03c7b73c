package dev.rt.testdata.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The demo's inner service: {@code GET /greeting} answers a small JSON greeting. Reached as greeter.rt.local. */
public final class Greeter implements HttpHandler {
    public static HttpHandler build() {
        return new Greeter();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            int status;
            if (exchange.getRequestURI().getPath().equals("/greeting")) {
                status = 200;
                body = ("{\"greeting\":\"Hello, world!\",\"worker\":\"greeter:" + System.getenv("RT_WORKER_ID")
                        + "\",\"pid\":" + ProcessHandle.current().pid() + "}").getBytes(StandardCharsets.UTF_8);
            } else {
                status = 404;
                body = "{\"error\":\"Not Found\"}".getBytes(StandardCharsets.UTF_8);
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
        }
    }
}
