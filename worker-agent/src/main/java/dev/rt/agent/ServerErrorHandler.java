package dev.rt.agent;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.PrintStream;

/**
 * Answers 500 when the application's handler throws, and reports the exception on stderr. Without it the
 * JDK server silently drops the connection and the exception is lost.
 */
final class ServerErrorHandler implements HttpHandler {
    private static final int NOT_SENT = -1;

    private final HttpHandler delegate;
    private final String workerName;

    ServerErrorHandler(HttpHandler delegate, String workerName) {
        this.delegate = delegate;
        this.workerName = workerName;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try {
            delegate.handle(exchange);
        } catch (RuntimeException e) {
            PrintStream err = System.err;
            synchronized (err) {
                err.println("rt worker " + workerName + ": the handler failed on " + exchange.getRequestMethod() + " "
                        + exchange.getRequestURI() + ": " + e);
                e.printStackTrace(err);
            }
            if (exchange.getResponseCode() == NOT_SENT) {
                exchange.sendResponseHeaders(500, -1);
            }
            exchange.close();
        }
    }
}
