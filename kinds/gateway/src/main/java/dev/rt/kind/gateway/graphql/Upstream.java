package dev.rt.kind.gateway.graphql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The GraphQL endpoint of one application, reached the way the worker reaches {@code http://<id>.rt.local} (its
 * default proxy selector sends those through the mesh) or an origin outside the runtime: a query and its variables
 * POSTed as JSON, the answer's JSON back.
 *
 * @param id       the application's id, for messages
 * @param endpoint {@code http://movies.rt.local/graphql}
 */
record Upstream(String id, URI endpoint, HttpClient http, Duration timeout) {
    static final ObjectMapper JSON = new ObjectMapper();

    static HttpClient client() {
        HttpClient.Builder builder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10));
        ProxySelector proxies = ProxySelector.getDefault();
        if (proxies != null) {
            builder.proxy(proxies);
        }
        return builder.build();
    }

    /** The answer of {@code query}: its JSON when it is JSON, else a failed future saying what came back. */
    CompletableFuture<JsonNode> send(String query, Map<String, Object> variables) {
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(Map.of("query", query, "variables", variables));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return CompletableFuture.failedFuture(e);
        }
        HttpRequest request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("content-type", "application/json").header("accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
            try {
                JsonNode answer = JSON.readTree(response.body());
                if (answer != null && answer.isObject() && (answer.has("data") || answer.has("errors"))) {
                    return answer;
                }
            } catch (java.io.IOException e) {
                // said below
            }
            throw new IllegalStateException("the application \"" + id + "\" answered " + endpoint + " with status "
                    + response.statusCode() + " and no GraphQL result");
        });
    }
}
