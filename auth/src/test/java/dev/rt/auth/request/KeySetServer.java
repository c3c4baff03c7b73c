package dev.rt.auth.request;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An issuer's key set served at {@code <issuer>.well-known/jwks.json} on a loopback port, with the keys a test puts
 * there, counting how often it is fetched.
 */
final class KeySetServer implements AutoCloseable {
    private final HttpServer server;
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile JWKSet keys = new JWKSet();

    KeySetServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/.well-known/jwks.json", exchange -> {
            fetches.incrementAndGet();
            byte[] body = keys.toString(true).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("content-type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    String issuer() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    void publish(List<JWK> published) {
        keys = new JWKSet(published);
    }

    int fetches() {
        return fetches.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
