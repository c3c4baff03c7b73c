package dev.rt.kind.java;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.rt.kind.BusyTime;
import java.io.IOException;

/** Counts the time a request thread spends in the application's handler into a {@link BusyTime}. */
final class BusyTimeHandler implements HttpHandler {
    private final HttpHandler delegate;
    private final BusyTime busyTime;

    BusyTimeHandler(HttpHandler delegate, BusyTime busyTime) {
        this.delegate = delegate;
        this.busyTime = busyTime;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        long startedAt = busyTime.begin();
        try {
            delegate.handle(exchange);
        } finally {
            busyTime.end(startedAt);
        }
    }
}
