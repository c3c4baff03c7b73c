package dev.rt.testdata.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

/**
 * The handler of the proxy benchmarks (bench/cpu-handler.sh): {@code /hello} answers {@code hello} at once;
 * {@code /cpu?us=N} first spends N microseconds of this thread's CPU time computing, then answers
 * {@code hello} too, so that the proxy's cost can be seen next to a handler that does some work.
 */
public final class BenchHandler implements HttpHandler {
    private static final byte[] HELLO = "hello".getBytes(StandardCharsets.UTF_8);
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private volatile long sink;

    public static HttpHandler build() {
        return new BenchHandler();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String query = exchange.getRequestURI().getRawQuery();
            if (exchange.getRequestURI().getPath().equals("/cpu")) {
                spend(query != null && query.startsWith("us=") ? Long.parseLong(query.substring(3)) : 200);
            }
            exchange.sendResponseHeaders(200, HELLO.length);
            exchange.getResponseBody().write(HELLO);
        }
    }

    /** Computes until this thread has used {@code micros} more microseconds of CPU. */
    private void spend(long micros) {
        long until = THREADS.getCurrentThreadCpuTime() + micros * 1_000;
        long x = sink;
        while (THREADS.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 200; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        sink = x;
    }
}
