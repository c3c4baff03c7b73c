package dev.rt.cli.admin;

import com.sun.net.httpserver.HttpExchange;
import dev.rt.supervisor.management.ManagementClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * What the page reads: itself and its assets, {@code /api/state}, {@code /api/history?since=}, {@code /api/config}
 * (redacted), {@code /api/logs/indexes} and {@code /api/logs/<n>} (older log files), a service's
 * {@code /api/services/<id>/openapi} and {@code graphql} schema, the {@code /events} stream, a prepared
 * {@code /downloads/<id>}, and {@code /export} (the page as one file). Each reaches the runtime through
 * {@link RuntimeLink}; a failure there is answered 502 with its message.
 */
final class ApiRoutes {
    private final RuntimeLink link;
    private final LiveFeed feed;
    private final Downloads downloads;
    private final AdminToken token;

    ApiRoutes(RuntimeLink link, LiveFeed feed, Downloads downloads, AdminToken token) {
        this.link = link;
        this.feed = feed;
        this.downloads = downloads;
        this.token = token;
    }

    void handle(HttpExchange exchange, String path) throws IOException {
        try {
            route(exchange, path, path.substring(1).split("/", -1));
        } catch (IllegalArgumentException e) {
            Reply.error(exchange, 400, e.getMessage());
        } catch (IOException | RuntimeException e) {
            Reply.error(exchange, 502, RuntimeLink.message(e));
        }
    }

    private void route(HttpExchange exchange, String path, String[] parts) throws IOException {
        switch (path) {
            case "/" -> {
                String page = Assets.text("index.html").replace("{{token}}", token.value());
                Reply.send(exchange, 200, Assets.type("index.html"), page.getBytes(StandardCharsets.UTF_8));
                return;
            }
            case "/api/state" -> {
                Reply.json(exchange, link.state().toString());
                return;
            }
            case "/api/history" -> {
                Reply.send(exchange, 200, Reply.JSON, link.history(since(exchange)));
                return;
            }
            case "/api/config" -> {
                Reply.json(exchange, link.config().toString());
                return;
            }
            case "/api/logs/indexes" -> {
                Reply.json(exchange, link.logIndexes().toString());
                return;
            }
            case "/events" -> {
                events(exchange);
                return;
            }
            case "/export" -> {
                export(exchange);
                return;
            }
            default -> { }
        }
        if (parts.length == 2 && parts[0].equals("assets")) {
            var asset = Assets.read(parts[1]);
            if (asset.isPresent()) {
                Reply.send(exchange, 200, Assets.type(parts[1]), asset.get());
                return;
            }
        } else if (parts.length == 3 && parts[0].equals("api") && parts[1].equals("logs") && parts[2].matches("\\d{1,9}")) {
            Reply.send(exchange, 200, "application/x-ndjson", link.logFile(Integer.parseInt(parts[2])));
            return;
        } else if (parts.length == 4 && parts[0].equals("api") && parts[1].equals("services")
                && (parts[3].equals("openapi") || parts[3].equals("graphql"))) {
            schema(exchange, RuntimeLink.decode(parts[2]), parts[3]);
            return;
        } else if (parts.length == 2 && parts[0].equals("downloads")) {
            downloads.send(exchange, parts[1]);
            return;
        }
        Reply.error(exchange, 404, "nothing at " + path);
    }

    private static long since(HttpExchange exchange) {
        String query = exchange.getRequestURI().getRawQuery();
        if (query == null || !query.startsWith("since=")) {
            return 0;
        }
        try {
            return Long.parseLong(query.substring("since=".length()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("since must be an epoch second, found \"" + query.substring(6) + "\"");
        }
    }

    private void events(HttpExchange exchange) throws IOException {
        Reply.headers(exchange, "text/event-stream; charset=utf-8");
        exchange.sendResponseHeaders(200, 0);
        SseClient client = new SseClient(exchange.getResponseBody());
        feed.join(client);
        try {
            client.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void schema(HttpExchange exchange, String service, String kind) throws IOException {
        ManagementClient.Response answer = link.schema(service, kind);
        String type = answer.status() >= 400 ? Reply.JSON
                : kind.equals("openapi") ? Reply.JSON : "text/plain; charset=utf-8";
        Reply.send(exchange, answer.status() >= 400 ? 502 : 200, type, answer.body());
    }

    private void export(HttpExchange exchange) throws IOException {
        byte[] page = DashboardExport.html(link, feed.lines()).getBytes(StandardCharsets.UTF_8);
        String name = "rt-admin-" + link.runtime().name().replaceAll("[^A-Za-z0-9_.-]", "_") + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".html";
        exchange.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"" + name + "\"");
        Reply.send(exchange, 200, "text/html; charset=utf-8", page);
    }
}
