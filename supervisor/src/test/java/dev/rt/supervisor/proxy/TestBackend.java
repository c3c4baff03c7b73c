package dev.rt.supervisor.proxy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** A worker stand-in: a JDK {@link HttpServer} on 127.0.0.1:0 that records the client ports it served. */
public final class TestBackend implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

    public TestBackend(HttpHandler handler) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            try (exchange) {
                handler.handle(exchange);
            }
        });
        server.start();
    }

    /** A backend that answers every request with 200 and {@code name} as the body. */
    static TestBackend named(String name) {
        return new TestBackend(exchange -> respond(exchange, 200, name));
    }

    public static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getRequestBody().readAllBytes();
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Waits up to 20 s for {@code latch} inside a handler (which may only throw IOException). */
    static boolean await(CountDownLatch latch) {
        try {
            return latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** How many distinct TCP connections requests arrived on. */
    int connectionsSeen() {
        return clientPorts.size();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
