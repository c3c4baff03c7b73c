package dev.rt.kind.java;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.rt.kind.KindLog;
import java.io.IOException;

/**
 * Answers 500 when the application's handler throws, and logs the exception with its stack trace. Without it
 * the JDK server silently drops the connection and the exception is lost.
 */
final class ServerErrorHandler implements HttpHandler {
    private static final int NOT_SENT = -1;

    private final HttpHandler delegate;
    private final KindLog log;

    ServerErrorHandler(HttpHandler delegate, KindLog log) {
        this.delegate = delegate;
        this.log = log;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try {
            delegate.handle(exchange);
        } catch (RuntimeException e) {
            log.error("the handler failed on " + exchange.getRequestMethod() + " " + exchange.getRequestURI() + ": " + e, e);
            if (exchange.getResponseCode() == NOT_SENT) {
                exchange.sendResponseHeaders(500, -1);
            }
            exchange.close();
        }
    }
}
