package dev.rt.testdata.logs;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Scenario log-flood: serves like the probe; {@code GET /flood} answers "flooding", then a thread writes
 * {@code FLOOD_LINES} (default 100000) numbered lines {@code flood <n>} to standard output as fast as it can
 * (one large buffer, no flush per line), then {@code flood-end}, then {@code flood-tail-without-newline}
 * without its newline, then kills the JVM at once
 * ({@code Runtime.halt(FLOOD_EXIT_CODE)}, default 3): what it wrote is still in the pipe, and the runtime
 * must read it all. {@code FLOOD_FORMAT=json} writes pino JSON lines instead
 * ({@code {"level":30,"time":...,"msg":"flood <n>"}}).
 */
public final class LogFlood implements HttpHandler {
    private final HttpHandler probe = Probe.build();

    public static HttpHandler build() {
        return new LogFlood();
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        if (!exchange.getRequestURI().getPath().equals("/flood")) {
            probe.handle(exchange);
            return;
        }
        byte[] body = "flooding".getBytes(StandardCharsets.UTF_8);
        try (exchange) {
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        }
        Thread flood = new Thread(LogFlood::flood, "log-flood");
        flood.start();
    }

    private static void flood() {
        int lines = Integer.parseInt(System.getenv().getOrDefault("FLOOD_LINES", "100000"));
        int code = Integer.parseInt(System.getenv().getOrDefault("FLOOD_EXIT_CODE", "3"));
        boolean json = "json".equals(System.getenv("FLOOD_FORMAT"));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        StringBuilder line = new StringBuilder(96);
        for (int n = 1; n <= lines; n++) {
            line.setLength(0);
            if (json) {
                line.append("{\"level\":30,\"time\":").append(System.currentTimeMillis()).append(",\"msg\":\"flood ")
                        .append(n).append("\"}");
            } else {
                line.append("flood ").append(n);
            }
            out.println(line);
        }
        out.println("flood-end");
        out.print("flood-tail-without-newline");
        out.flush();
        Runtime.getRuntime().halt(code);
    }
}
