package dev.rt.auth.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/** Keycloak's HTTP API as the tests call it: forms to the token endpoint, JSON to the admin API as its admin. */
final class Web {
    private final String base;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    Web(String base) {
        this.base = base;
    }

    String base() {
        return base;
    }

    JsonNode form(String path, Map<String, String> fields) throws IOException, InterruptedException {
        String body = fields.entrySet().stream().map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8)
                + "=" + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    JsonNode admin(String method, String path, Object body) throws IOException, InterruptedException {
        String token = form("/realms/master/protocol/openid-connect/token", Map.of("grant_type", "password",
                "client_id", "admin-cli", "username", KeycloakHome.ADMIN, "password", KeycloakHome.ADMIN_PASSWORD))
                .path("access_token").asText();
        HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(Realm.json().writeValueAsString(body));
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").method(method, publisher));
    }

    private JsonNode send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> answer = client.send(request.timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() / 100 != 2) {
            throw new IllegalStateException("Keycloak answered " + answer.statusCode() + " to "
                    + answer.request().uri() + ": " + answer.body());
        }
        return answer.body().isBlank() ? MissingNode.getInstance() : Realm.json().readTree(answer.body());
    }
}
