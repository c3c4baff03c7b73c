package dev.rt.testdata.messaging;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.messaging.Messaging;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A service that answers messages: {@code echo} replies with the payload; {@code whoami} with its service, worker
 * and pid; {@code fail} throws; {@code slow} replies after the payload's milliseconds; {@code later} replies with a
 * future. Its HTTP side answers {@code GET /} with "responder".
 */
public final class Responder {
    private Responder() {
    }

    public static HttpHandler build() {
        register();
        return exchange -> {
            try (exchange) {
                byte[] body = "responder".getBytes();
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
        };
    }

    static void register() {
        Messaging.handle("echo", payload -> payload);
        Messaging.handle("whoami", payload -> {
            Map<String, Object> me = new LinkedHashMap<>();
            me.put("service", System.getenv("RT_SERVICE_ID"));
            me.put("worker", Integer.parseInt(System.getenv("RT_WORKER_ID")));
            me.put("pid", ProcessHandle.current().pid());
            return me;
        });
        Messaging.handle("fail", payload -> {
            throw new IllegalStateException("out of stock: " + payload);
        });
        Messaging.handle("slow", payload -> {
            Thread.sleep(((Number) payload).longValue());
            return "late";
        });
        Messaging.handle("later", payload -> CompletableFuture.supplyAsync(() -> "later " + payload));
    }
}
