package dev.rt.testdata.relay;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The HTTP cache's test resources. {@code /res?key=k&cc=..&vary=..&tags=..&size=n&status=s&cookie=1&expires=..}
 * answers with those headers ({@code Cache-Control}, {@code Vary}, {@code X-Cache-Tags}, {@code Set-Cookie},
 * {@code Expires}), status {@code s}, and a body of {@code n} bytes or {@code {"calls":c}}, where {@code c} counts
 * the requests of {@code key} that reached this worker, also in {@code x-calls}. The caller's side ({@link #call})
 * sends a request on to {@code NEXT_BASE} (or the origin its {@code x-next-base} names) and answers its status, body
 * and headers.
 */
final class Resource {
    /** The request headers {@link #call} passes on. */
    static final List<String> FORWARDED = List.of("authorization", "x-rt-admin-secret", "accept-language", "cache-control", "pragma");
    private static final Map<String, AtomicInteger> CALLS = new ConcurrentHashMap<>();

    private Resource() {
    }

    static void serve(HttpExchange exchange) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        int calls = CALLS.computeIfAbsent(query.getOrDefault("key", ""), k -> new AtomicInteger()).incrementAndGet();
        var headers = exchange.getResponseHeaders();
        headers.set("x-calls", String.valueOf(calls));
        set(headers, "Cache-Control", query.get("cc"));
        set(headers, "Vary", query.get("vary"));
        set(headers, "X-Cache-Tags", query.get("tags"));
        set(headers, "Expires", query.get("expires"));
        if (query.containsKey("cookie")) {
            headers.set("Set-Cookie", "session=" + calls);
        }
        byte[] body;
        if (query.containsKey("size")) {
            body = new byte[Integer.parseInt(query.get("size"))];
            Arrays.fill(body, (byte) 'x');
        } else {
            body = ("{\"calls\":" + calls + "}").getBytes(StandardCharsets.UTF_8);
        }
        int status = Integer.parseInt(query.getOrDefault("status", "200"));
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            exchange.getResponseBody().write(body);
        }
    }

    static void call(HttpExchange exchange, HttpClient client) throws IOException {
        String base = exchange.getRequestHeaders().getFirst("x-next-base");
        String target = (base != null ? base : System.getenv("NEXT_BASE"))
                + exchange.getRequestURI().getRawPath().substring("/call".length())
                + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target)).timeout(Duration.ofSeconds(20))
                .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.noBody());
        for (String name : FORWARDED) {
            String value = exchange.getRequestHeaders().getFirst(name);
            if (value != null) {
                request.header(name, value);
            }
        }
        HttpResponse<byte[]> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        response.headers().map().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("content-length") && !name.equalsIgnoreCase("transfer-encoding")
                    && !name.equalsIgnoreCase("connection") && !name.equalsIgnoreCase("date") && !name.startsWith(":")) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        byte[] body = response.body();
        boolean empty = exchange.getRequestMethod().equals("HEAD") || body.length == 0;
        exchange.sendResponseHeaders(response.statusCode(), empty ? -1 : body.length);
        if (!empty) {
            exchange.getResponseBody().write(body);
        }
    }

    private static void set(com.sun.net.httpserver.Headers headers, String name, String value) {
        if (value != null) {
            headers.set(name, value);
        }
    }

    static Map<String, String> query(String raw) {
        Map<String, String> query = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int equals = pair.indexOf('=');
                String name = equals < 0 ? pair : pair.substring(0, equals);
                String value = equals < 0 ? "" : pair.substring(equals + 1);
                query.put(URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
            }
        }
        return query;
    }
}
