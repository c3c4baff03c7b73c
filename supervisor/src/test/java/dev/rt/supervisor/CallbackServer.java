package dev.rt.supervisor;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/**
 * The target of scheduler callbacks in tests: records every request it gets. {@code /ok} and {@code /beat} answer 200;
 * {@code /flaky} 500 until the third attempt ({@code x-retry-attempt: 3}); {@code /slow?ms=N} 200 after N ms;
 * anything else 404.
 */
final class CallbackServer implements AutoCloseable {
    record Call(String method, String path, Map<String, String> headers, String body, long arrivedNanos,
            long answeredNanos) {
    }

    private final HttpServer server;
    private final List<Call> calls = new ArrayList<>();
    private final List<String> arrivals = new ArrayList<>();

    CallbackServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::handle);
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private void handle(HttpExchange exchange) throws IOException {
        long arrived = System.nanoTime();
        try (exchange) {
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
                    String.join(",", values)));
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getPath();
            synchronized (this) {
                arrivals.add(path);
                notifyAll();
            }
            int status = switch (path) {
                case "/ok", "/beat" -> 200;
                case "/flaky" -> "3".equals(headers.get("x-retry-attempt")) ? 200 : 500;
                case "/slow" -> {
                    String ms = exchange.getRequestURI().getQuery().replace("ms=", "");
                    pause(Duration.ofMillis(Long.parseLong(ms)));
                    yield 200;
                }
                default -> 404;
            };
            exchange.sendResponseHeaders(status, -1);
            synchronized (this) {
                calls.add(new Call(exchange.getRequestMethod(), path, headers, body, arrived, System.nanoTime()));
                notifyAll();
            }
        }
    }

    /** A slow service: the answer takes this long. */
    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    synchronized List<Call> calls(String path) {
        return calls.stream().filter(c -> c.path().equals(path)).toList();
    }

    /** Waits until {@code count} answered calls match; fails after {@code limit}. */
    synchronized List<Call> await(Predicate<Call> which, int count, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            List<Call> matching = calls.stream().filter(which).toList();
            if (matching.size() >= count) {
                return matching;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(count + " calls expected within " + limit + ", found " + matching.size()
                        + " among " + calls);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** How many requests for {@code path} have arrived, answered or not (counted before the answer is sent). */
    synchronized int arrived(String path) {
        return (int) arrivals.stream().filter(path::equals).count();
    }

    /** Waits until a request for {@code path} has arrived, answered or not. */
    synchronized void awaitArrival(String path, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!arrivals.contains(path)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no request for " + path + " within " + limit + "; arrived: " + arrivals);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    List<Call> await(String path, int count, Duration limit) throws InterruptedException {
        return await(call -> call.path().equals(path), count, limit);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
