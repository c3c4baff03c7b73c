package dev.rt.testdata.kind;

import com.sun.net.httpserver.HttpServer;
import dev.rt.kind.KindException;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** Answers every request with the configured body, on 127.0.0.1 at an ephemeral port. */
final class StaticServer implements RunningApplication {
    private final HttpServer server;

    private StaticServer(HttpServer server) {
        this.server = server;
    }

    static StaticServer start(WorkerContext context) {
        Map<?, ?> settings = (Map<?, ?>) context.configuration().get("static");
        byte[] body = ((String) settings.get("body")).getBytes(StandardCharsets.UTF_8);
        int status = ((Number) settings.get("status")).intValue();
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        } catch (IOException e) {
            throw new KindException("cannot listen on 127.0.0.1: " + e.getMessage());
        }
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        context.log().info("Serving " + body.length + " bytes with status " + status + ".");
        return new StaticServer(server);
    }

    @Override
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void stop(Duration deadline) {
        server.stop(0);
    }
}
