package dev.rt.testdata.relay;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * {@code POST /http-invalidate}: sends the body it received, as a plain HTTP call with the JDK client, to
 * {@code POST http://rt.local/http-cache/invalidate} (the path after {@code /http-invalidate} replaces
 * {@code /http-cache/invalidate} when there is one, and {@code ?method=GET} changes the method), and answers the
 * status, {@code content-type} and body that came back.
 */
final class HttpInvalidator {
    private static final String URL = "http://rt.local";

    private HttpInvalidator() {
    }

    static void serve(HttpExchange exchange, byte[] body, HttpClient client) throws IOException {
        String rest = exchange.getRequestURI().getRawPath().substring("/http-invalidate".length());
        String query = exchange.getRequestURI().getRawQuery();
        String method = query != null && query.startsWith("method=") ? query.substring("method=".length()) : "POST";
        HttpRequest request = HttpRequest.newBuilder(URI.create(URL + (rest.isEmpty() ? "/http-cache/invalidate" : rest)))
                .timeout(Duration.ofSeconds(20)).header("content-type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body)).build();
        HttpResponse<byte[]> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        response.headers().firstValue("content-type").ifPresent(type -> exchange.getResponseHeaders().set("content-type", type));
        exchange.sendResponseHeaders(response.statusCode(), response.body().length == 0 ? -1 : response.body().length);
        exchange.getResponseBody().write(response.body());
    }
}
