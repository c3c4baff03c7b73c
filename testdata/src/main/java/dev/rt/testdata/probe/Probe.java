package dev.rt.testdata.probe;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A service that tests and benchmarks poke at. Routes:
 * {@code /hello} plain "hello"; {@code /whoami} pid and worker; {@code /env?name=X} a variable;
 * {@code /slow?ms=N} answers after N ms (saying so on stdout when it starts); {@code /sleep?ms=N} the same,
 * silently; {@code /call?url=U} fetches U with the JDK HttpClient and returns
 * its status and body; {@code /relay?url=U} fetches U and answers with its status and body; {@code /in-flight}
 * how many other requests this worker is handling; {@code /echo} returns the request body; {@code /headers} the request headers;
 * {@code /exit?code=N} ends the JVM; {@code /bytes?n=N} N bytes of body; {@code /drip?parts=N&ms=M} a chunked body
 * of N lines ({@code part 0}, ...), each sent M ms after the one before; {@code /property?name=X} a system
 * property; {@code /max-heap} the JVM's maximum heap in bytes.
 */
public final class Probe implements HttpHandler {
    private static final byte[] HELLO = "hello".getBytes(StandardCharsets.UTF_8);
    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private static final AtomicInteger CACHED_CALLS = new AtomicInteger();
    private final HttpClient client = HttpClient.newHttpClient();

    public static HttpHandler build() {
        return new Probe();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        IN_FLIGHT.incrementAndGet();
        try {
            route(exchange);
        } finally {
            IN_FLIGHT.decrementAndGet();
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> query = query(exchange.getRequestURI());
            switch (exchange.getRequestURI().getPath()) {
                case "/hello" -> send(exchange, 200, HELLO);
                case "/whoami" -> send(exchange, 200, ("{\"pid\":" + ProcessHandle.current().pid() + ",\"service\":\""
                        + System.getenv("RT_SERVICE_ID") + "\",\"worker\":" + System.getenv("RT_WORKER_ID") + "}").getBytes());
                case "/env" -> send(exchange, 200, String.valueOf(System.getenv(query.get("name"))).getBytes());
                case "/sleep" -> {
                    sleep(Long.parseLong(query.getOrDefault("ms", "10")));
                    send(exchange, 200, "slept".getBytes());
                }
                case "/slow" -> {
                    System.out.println("slow request started");
                    sleep(Long.parseLong(query.getOrDefault("ms", "1000")));
                    send(exchange, 200, "slept".getBytes());
                }
                case "/call" -> call(exchange, query.get("url"), false);
                case "/relay" -> call(exchange, query.get("url"), true);
                case "/log" -> { // a line on stdout, or with trace=1 an exception's stack trace on stderr
                    String line = query.getOrDefault("line", "probe log line");
                    if (query.containsKey("trace")) {
                        new IllegalStateException(line).printStackTrace();
                    } else {
                        System.out.println(line);
                    }
                    send(exchange, 200, "logged".getBytes());
                }
                case "/in-flight" -> send(exchange, 200, String.valueOf(IN_FLIGHT.get() - 1).getBytes());
                case "/echo" -> {
                    byte[] body;
                    try (InputStream in = exchange.getRequestBody()) {
                        body = in.readAllBytes();
                    }
                    send(exchange, 200, body);
                }
                case "/headers" -> send(exchange, 200, exchange.getRequestHeaders().entrySet().stream()
                        .map(e -> e.getKey().toLowerCase() + ": " + String.join(",", e.getValue()))
                        .sorted().reduce("", (a, b) -> a + b + "\n").getBytes(StandardCharsets.UTF_8));
                case "/exit" -> {
                    send(exchange, 200, "bye".getBytes());
                    Runtime.getRuntime().halt(Integer.parseInt(query.getOrDefault("code", "3")));
                }
                case "/bytes" -> send(exchange, 200, new byte[Integer.parseInt(query.getOrDefault("n", "0"))]);
                case "/drip" -> drip(exchange, Integer.parseInt(query.getOrDefault("parts", "3")),
                        Long.parseLong(query.getOrDefault("ms", "100")));
                case "/property" -> send(exchange, 200, String.valueOf(System.getProperty(query.get("name"))).getBytes());
                case "/cached" -> { // cacheable for 10 minutes, tagged ?tag=; the body names the call that reached here
                    exchange.getResponseHeaders().set("Cache-Control", "public, max-age=600");
                    exchange.getResponseHeaders().set("x-cache-tags", query.getOrDefault("tag", "none"));
                    send(exchange, 200, ("call " + CACHED_CALLS.incrementAndGet() + " of " + ProcessHandle.current().pid())
                            .getBytes(StandardCharsets.UTF_8));
                }
                case "/max-heap" -> send(exchange, 200, String.valueOf(Runtime.getRuntime().maxMemory()).getBytes());
                default -> send(exchange, 404, "not found".getBytes());
            }
        }
    }

    /** Fetches {@code url}; answers 200 with its status and body, or with {@code relay} its own status and body. */
    private void call(HttpExchange exchange, String url, boolean relay) throws IOException {
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (relay) {
                send(exchange, response.statusCode(), response.body().getBytes(StandardCharsets.UTF_8));
                return;
            }
            send(exchange, 200, (response.statusCode() + " " + response.body()).getBytes(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            send(exchange, 503, "interrupted".getBytes());
        } catch (IOException e) {
            send(exchange, 502, ("call failed: " + e).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
    }

    private static void drip(HttpExchange exchange, int parts, long pause) throws IOException {
        exchange.sendResponseHeaders(200, 0);
        OutputStream body = exchange.getResponseBody();
        for (int i = 0; i < parts; i++) {
            if (i > 0) {
                sleep(pause);
            }
            body.write(("part " + i + "\n").getBytes(StandardCharsets.UTF_8));
            body.flush();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> values = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int equals = pair.indexOf('=');
                if (equals > 0) {
                    values.put(pair.substring(0, equals), URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return values;
    }
}
