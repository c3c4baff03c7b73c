package dev.rt.kind.java;

import com.sun.net.httpserver.HttpHandler;
import java.nio.charset.StandardCharsets;

/** The {@code build} application of the java kind's {@linkplain JavaKind#trainingConfiguration() training worker}. */
public final class TrainingApp {
    private TrainingApp() {
    }

    public static HttpHandler build() {
        return exchange -> {
            byte[] body = "trained".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        };
    }
}
