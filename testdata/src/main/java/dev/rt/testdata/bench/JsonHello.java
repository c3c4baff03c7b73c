package dev.rt.testdata.bench;

import com.sun.net.httpserver.HttpHandler;
import java.nio.charset.StandardCharsets;

/** bench/service.sh's java.build side: {@code {"hello":"world"}} as JSON, the service kind's hello route's answer. */
public final class JsonHello {
    private static final byte[] BODY = "{\"hello\":\"world\"}".getBytes(StandardCharsets.UTF_8);

    private JsonHello() {
    }

    public static HttpHandler build() {
        return exchange -> {
            try (exchange) {
                exchange.getResponseHeaders().set("content-type", "application/json; charset=utf-8");
                exchange.sendResponseHeaders(200, BODY.length);
                exchange.getResponseBody().write(BODY);
            }
        };
    }
}
