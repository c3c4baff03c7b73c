package dev.rt.kind.java.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Requests to a worker on 127.0.0.1, bypassing any proxy, as the supervisor's upstream connections do. */
public final class LoopbackHttp {
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .proxy(HttpClient.Builder.NO_PROXY)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private LoopbackHttp() {
    }

    public static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return CLIENT.send(request(port, path), HttpResponse.BodyHandlers.ofString());
    }

    public static CompletableFuture<HttpResponse<String>> getAsync(int port, String path) {
        return CLIENT.sendAsync(request(port, path), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(int port, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(15))
                .build();
    }
}
