package dev.rt.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The page's actions, each a POST the page sends only after the user confirmed it: {@code /api/services/<id>/restart}
 * (one worker at a time), {@code /api/reload}, {@code /api/services/<id[:N]>/heap-dump} and
 * {@code /api/services/<id[:N]>/profile?durationMillis=} (written here, then offered as a {@code /downloads/<id>}),
 * {@code /api/scheduler/<job>/pause|resume|run}, {@code /api/http-cache/invalidate} with {@code {"tags": [...]}}.
 * Each answers JSON: {@code {"ok": true, ...}} or {@code {"message"}} with an error status.
 */
final class ActionRoutes {
    private static final int MAX_BODY = 64 * 1024;

    private final RuntimeActions runtime;
    private final Downloads downloads;
    private final LiveFeed feed;

    ActionRoutes(RuntimeActions runtime, Downloads downloads, LiveFeed feed) {
        this.runtime = runtime;
        this.downloads = downloads;
        this.feed = feed;
    }

    void handle(HttpExchange exchange, String path) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readNBytes(MAX_BODY);
        }
        String[] parts = path.substring(1).split("/", -1);
        feed.refresh();
        try {
            if (path.equals("/api/reload")) {
                runtime.reload();
                Reply.json(exchange, "{\"ok\":true}");
            } else if (path.equals("/api/http-cache/invalidate")) {
                runtime.invalidate(tags(body));
                Reply.json(exchange, "{\"ok\":true}");
            } else if (parts.length == 4 && parts[0].equals("api") && parts[1].equals("services")) {
                service(exchange, RuntimeLink.service(RuntimeLink.decode(parts[2])), parts[3]);
            } else if (parts.length == 4 && parts[0].equals("api") && parts[1].equals("scheduler")) {
                JsonNode job = runtime.scheduler(RuntimeLink.decode(parts[2]), parts[3]);
                Reply.json(exchange, RuntimeLink.JSON.createObjectNode().put("ok", true).set("job", job).toString());
            } else {
                Reply.error(exchange, 404, "no action at " + path);
            }
        } catch (IllegalArgumentException e) {
            Reply.error(exchange, 400, e.getMessage());
        } catch (IOException | RuntimeException e) {
            Reply.error(exchange, 502, RuntimeLink.message(e));
        }
    }

    private void service(HttpExchange exchange, String service, String action) throws IOException {
        switch (action) {
            case "restart" -> {
                runtime.restart(service);
                Reply.json(exchange, "{\"ok\":true}");
            }
            case "heap-dump", "profile" -> {
                long millis = action.equals("profile") ? duration(exchange) : 0;
                Path file = downloads.newFile();
                try {
                    long bytes = runtime.diagnose(service, action, millis, file);
                    String name = service.replace(':', '-') + (action.equals("profile") ? ".jfr" : ".hprof");
                    String id = downloads.offer(file, name);
                    Reply.json(exchange, RuntimeLink.JSON.createObjectNode().put("ok", true).put("download", "/downloads/" + id)
                            .put("name", name).put("bytes", bytes).toString());
                } catch (IOException | RuntimeException e) {
                    Files.deleteIfExists(file);
                    throw e;
                }
            }
            default -> Reply.error(exchange, 404, "no action " + action + " of a service");
        }
    }

    private static long duration(HttpExchange exchange) {
        String query = exchange.getRequestURI().getRawQuery();
        String value = query != null && query.startsWith("durationMillis=") ? query.substring(15) : "10000";
        try {
            long millis = Long.parseLong(value);
            if (millis >= 1 && millis <= 600_000) {
                return millis;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("durationMillis must be from 1 to 600000, found \"" + value + "\"");
    }

    private static List<String> tags(byte[] body) {
        JsonNode tags;
        try {
            tags = RuntimeLink.JSON.readTree(body).path("tags");
        } catch (IOException e) {
            throw new IllegalArgumentException("the body must be JSON like {\"tags\": [\"products\"]}");
        }
        List<String> list = new ArrayList<>();
        tags.forEach(tag -> list.add(tag.asText()));
        if (list.isEmpty() || list.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("name one tag or more to invalidate: {\"tags\": [\"products\"]}");
        }
        return list;
    }
}
