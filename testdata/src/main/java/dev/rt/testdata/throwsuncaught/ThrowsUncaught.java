package dev.rt.testdata.throwsuncaught;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import java.io.IOException;

/**
 * Scenario throws-uncaught: {@code GET /throw} answers "thrown" and then throws an exception on a thread of
 * the application's own that nothing catches; every other route is the probe's.
 */
public final class ThrowsUncaught implements HttpHandler {
    private final HttpHandler probe = Probe.build();

    private ThrowsUncaught() {
    }

    public static HttpHandler build() {
        return new ThrowsUncaught();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        if (!exchange.getRequestURI().getPath().equals("/throw")) {
            probe.handle(exchange);
            return;
        }
        try (exchange) {
            byte[] body = "thrown".getBytes();
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        }
        Thread thrower = new Thread(() -> {
            throw new IllegalStateException("throws-uncaught: nobody catches this");
        }, "throws-uncaught");
        thrower.start();
    }
}
