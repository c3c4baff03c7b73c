package dev.rt.testdata.messaging;

import com.sun.net.httpserver.HttpServer;
import dev.rt.messaging.Messaging;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * An application with a main of its own, run unchanged by the {@code java} kind's {@code main} (or {@code jar}): it
 * listens on {@code PORT} and answers message {@code echo} with {@code "wrapped "} and the payload.
 */
public final class WrappedResponder {
    private WrappedResponder() {
    }

    public static void main(String[] args) throws IOException {
        Messaging.handle("echo", payload -> "wrapped " + payload);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1",
                Integer.parseInt(System.getenv().getOrDefault("PORT", "0"))), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                exchange.sendResponseHeaders(200, -1);
            }
        });
        server.start();
    }
}
