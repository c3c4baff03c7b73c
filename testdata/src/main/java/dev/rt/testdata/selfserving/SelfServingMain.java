package dev.rt.testdata.selfserving;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * An existing application run unchanged through the {@code main} kind: it opens its own listener on the
 * port in PORT (or any port when unset) and returns from main while its server thread keeps serving.
 * With SELF_SERVING_DELAY_MS set it waits that long before listening (a slow start).
 * {@code GET /args} answers the arguments main received; {@code /env?name=X} a variable.
 */
public final class SelfServingMain {
    private SelfServingMain() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        long delay = Long.parseLong(System.getenv().getOrDefault("SELF_SERVING_DELAY_MS", "0"));
        Thread.sleep(delay); // a slow application start, for start-timeout scenarios
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "0"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        server.createContext("/", exchange -> {
            try (exchange) {
                String query = exchange.getRequestURI().getQuery();
                String body = switch (exchange.getRequestURI().getPath()) {
                    case "/args" -> String.join(" ", args);
                    case "/env" -> String.valueOf(System.getenv(query == null ? "" : query.replace("name=", "")));
                    default -> "self-serving pid " + ProcessHandle.current().pid();
                };
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        });
        server.start();
        System.out.println("self-serving application listening on " + server.getAddress().getPort());
    }
}
