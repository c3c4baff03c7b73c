package dev.rt.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a client's API description comes from: a local file (an OpenAPI document in JSON or YAML, or a GraphQL
 * introspection result), or a URL that serves an OpenAPI document (itself, or at {@code /documentation/json}) or
 * answers GraphQL introspection (itself, or at {@code /graphql}).
 */
public final class ClientSource {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY)
            .connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NORMAL).build();

    private ClientSource() {
    }

    /** The API a local file describes. */
    public static ClientModel file(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ClientSourceException("cannot read " + file + ": " + e.getMessage());
        }
        return text(text, file.toString());
    }

    /** The API an OpenAPI document or an introspection result (as text) describes. */
    public static ClientModel text(String text, String where) {
        JsonNode json = parseJson(text);
        if (json != null && (json.has("__schema") || json.path("data").has("__schema"))) {
            return GraphQlReader.read(json.has("data") ? json.path("data") : json, where);
        }
        if (json != null && !json.has("openapi") && json.has("swagger")) {
            throw new ClientSourceException(where + " is a Swagger 2 document: rt reads OpenAPI 3 (convert it first)");
        }
        if (json == null && !text.contains("openapi")) {
            throw new ClientSourceException(where + " is neither an OpenAPI 3 document (JSON or YAML) nor a GraphQL"
                    + " introspection result");
        }
        return OpenApiReader.read(text, where);
    }

    /**
     * The API the service at {@code url} describes.
     *
     * @param headers sent with every request for the description (for example an authorization); never written down
     */
    public static ClientModel url(String url, Map<String, String> headers) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new ClientSourceException("\"" + url + "\" is neither a file nor a URL");
        }
        List<String> tried = new ArrayList<>();
        String base = url.replaceAll("/+$", "");
        for (String candidate : List.of(url, base + "/documentation/json")) {
            HttpResponse<String> response = get(URI.create(candidate), headers);
            tried.add("GET " + candidate + " answered " + response.statusCode());
            JsonNode json = parseJson(response.body());
            if (response.statusCode() == 200 && (json != null && json.has("openapi")
                    || json == null && response.body().contains("openapi:"))) {
                return OpenApiReader.read(response.body(), candidate);
            }
        }
        for (String candidate : List.of(url, base + "/graphql")) {
            HttpResponse<String> response = post(URI.create(candidate), headers, GraphQlReader.INTROSPECTION);
            tried.add("POST " + candidate + " (introspection) answered " + response.statusCode());
            JsonNode json = parseJson(response.body());
            if (response.statusCode() == 200 && json != null && json.path("data").has("__schema")) {
                return GraphQlReader.read(json.path("data"), candidate);
            }
        }
        throw new ClientSourceException(uri + " answers no OpenAPI document and no GraphQL introspection: "
                + String.join("; ", tried));
    }

    private static HttpResponse<String> get(URI uri, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("accept", "application/json, application/yaml;q=0.9, */*;q=0.1");
        headers.forEach(request::header);
        return send(request.GET().build());
    }

    private static HttpResponse<String> post(URI uri, Map<String, String> headers, String query) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("content-type", "application/json").header("accept", "application/json");
        headers.forEach(request::header);
        String body = JSON.createObjectNode().put("query", query).toString();
        return send(request.POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    private static HttpResponse<String> send(HttpRequest request) {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new ClientSourceException("cannot connect to " + request.uri() + ": is the service running?");
        } catch (IOException e) {
            throw new ClientSourceException(request.method() + " " + request.uri() + " failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientSourceException("interrupted while reading " + request.uri());
        }
    }

    private static JsonNode parseJson(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return node != null && node.isObject() ? node : null;
        } catch (IOException e) {
            return null;
        }
    }
}
