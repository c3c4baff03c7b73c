package dev.rt.kind.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.service.fixtures.Shelf;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service's /graphql as the GraphQL-over-HTTP specification has it, answered by a real HTTP client: what a
 * browser can be made to send from another site (a GET, a form, a typeless body) never runs a mutation.
 */
class GraphQlOverHttpTest {
    private static final String GRAPHQL_RESPONSE = "application/graphql-response+json";
    @TempDir
    static Path dir;
    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(dir, "{\"service\": {\"graphql\": true},"
                + " \"plugins\": {\"packages\": [\"dev.rt.kind.service.fixtures.Shelf\"]}}");
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @BeforeEach
    void emptyShelf() {
        Shelf.ADDED.clear();
    }

    private static HttpResponse<String> get(String query, String accept) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(service.url("/graphql?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8)))).GET();
        if (accept != null) {
            request.header("accept", accept);
        }
        return service.send(request);
    }

    private static HttpResponse<String> post(String body, String accept) throws Exception {
        return service.send(HttpRequest.newBuilder(URI.create(service.url("/graphql")))
                .header("content-type", "application/json").header("accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static String query(String query) {
        return new JsonObject().put("query", query).encode();
    }

    @Test
    void aMutationSentWithGetIsA405AllowingPostAndNeverRuns() throws Exception {
        for (String hostile : new String[] {"mutation { addBook(title: \"csrf\") }",
                "query Read { books } mutation Write { addBook(title: \"csrf\") }&operationName=Write"}) {
            String[] parts = hostile.split("&operationName=");
            String url = "/graphql?query=" + URLEncoder.encode(parts[0], StandardCharsets.UTF_8)
                    + (parts.length > 1 ? "&operationName=" + parts[1] : "");
            HttpResponse<String> refused = service.send(HttpRequest.newBuilder(URI.create(service.url(url)))
                    .header("accept", "text/html,application/xhtml+xml,*/*;q=0.8").GET());
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(405);
            assertThat(refused.headers().firstValue("allow")).contains("POST");
            assertThat(new JsonObject(refused.body()).getString("code")).isEqualTo("RT_GRAPHQL_MUTATION_OVER_GET");
        }
        assertThat(Shelf.ADDED).as("nothing was written").isEmpty();
        assertThat(get("{ books }", null).body()).isEqualTo("{\"data\":{\"books\":[]}}");

        HttpResponse<String> posted = post(query("mutation { addBook(title: \"Dune\") }"), "application/json");
        assertThat(posted.body()).isEqualTo("{\"data\":{\"addBook\":\"Dune\"}}");
        assertThat(Shelf.ADDED).containsExactly("Dune");
    }

    @Test
    void aPostABrowserSendsWithoutAskingIsRefusedBeforeItRuns() throws Exception {
        String mutation = query("mutation { addBook(title: \"csrf\") }");
        HttpResponse<String> form = service.send(HttpRequest.newBuilder(URI.create(service.url("/graphql?query="
                + URLEncoder.encode("mutation { addBook(title: \"csrf\") }", StandardCharsets.UTF_8))))
                .header("content-type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("a=b")));
        assertThat(form.statusCode()).isEqualTo(415);
        HttpResponse<String> text = service.post("/graphql", "text/plain", mutation);
        assertThat(text.statusCode()).isEqualTo(415);
        assertThat(new JsonObject(text.body()).getString("message"))
                .isEqualTo("Unsupported Media Type: a GraphQL POST is application/json, found text/plain");
        HttpResponse<String> typeless = service.post("/graphql", null, mutation);
        assertThat(typeless.statusCode()).isEqualTo(415);
        HttpResponse<String> inUrl = service.send(HttpRequest.newBuilder(URI.create(service.url("/graphql?query="
                + URLEncoder.encode("mutation { addBook(title: \"csrf\") }", StandardCharsets.UTF_8))))
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")));
        assertThat(inUrl.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(inUrl.body()).getString("message")).isEqualTo(
                "a POST carries its GraphQL request in its JSON body; found query in the query string");
        assertThat(Shelf.ADDED).isEmpty();
    }

    @Test
    void anErrorWhileExecutingKeepsTheDataWithTheFailedFieldNull() throws Exception {
        HttpResponse<String> mutation = post(query("mutation { burnBook(title: \"Dune\") }"), GRAPHQL_RESPONSE);
        assertThat(mutation.statusCode()).isEqualTo(200);
        JsonObject answer = new JsonObject(mutation.body());
        assertThat(answer.getJsonObject("data").getMap()).containsEntry("burnBook", null).hasSize(1);
        assertThat(answer.getJsonArray("errors").getJsonObject(0).getString("message"))
                .contains("books are not burnt here");
        JsonObject partial = new JsonObject(post(query("{ books broken }"), GRAPHQL_RESPONSE).body());
        assertThat(partial.getJsonObject("data").encode()).isEqualTo("{\"books\":[],\"broken\":null}");
        assertThat(partial.getJsonArray("errors").getJsonObject(0).getJsonArray("path").encode())
                .isEqualTo("[\"broken\"]");
    }

    @Test
    void requestErrorsAre400ForTheGraphQlResponseTypeAnd200ForJson() throws Exception {
        String[] requestErrors = {query("{ books"), query("{ nope }"), query("query Q { books } query R { books }"),
                new JsonObject().put("query", "mutation($t: String!) { addBook(title: $t) }")
                        .put("variables", new JsonObject().put("t", 7.5)).encode(),
                new JsonObject().put("query", "mutation($t: String!) { addBook(title: $t) }").encode()};
        for (String body : requestErrors) {
            HttpResponse<String> strict = post(body, "application/graphql-response+json, application/json;q=0.9");
            assertThat(strict.statusCode()).as(body + " -> " + strict.body()).isEqualTo(400);
            assertThat(strict.headers().firstValue("content-type"))
                    .contains("application/graphql-response+json; charset=utf-8");
            assertThat(new JsonObject(strict.body()).containsKey("data")).as("nothing executed").isFalse();
            assertThat(new JsonObject(strict.body()).getJsonArray("errors")).isNotEmpty();
            HttpResponse<String> legacy = post(body, "application/json");
            assertThat(legacy.statusCode()).as(body).isEqualTo(200);
            assertThat(legacy.headers().firstValue("content-type")).contains("application/json; charset=utf-8");
            assertThat(legacy.body()).isEqualTo(strict.body());
        }
        assertThat(Shelf.ADDED).isEmpty();
        HttpResponse<String> fine = get("{ books }", GRAPHQL_RESPONSE);
        assertThat(fine.statusCode()).isEqualTo(200);
        assertThat(fine.headers().firstValue("content-type")).contains(GRAPHQL_RESPONSE + "; charset=utf-8");
    }

    @Test
    void whatIsNoGraphQlRequestIsA4xxInTheServiceErrorBody() throws Exception {
        HttpResponse<String> html = get("{ books }", "text/html");
        assertThat(html.statusCode()).isEqualTo(406);
        assertThat(new JsonObject(html.body()).getString("code")).isEqualTo("RT_GRAPHQL_NOT_ACCEPTABLE");
        HttpResponse<String> noQuery = service.get("/graphql");
        assertThat(noQuery.statusCode()).isEqualTo(400);
        assertThat(noQuery.body()).isEqualTo("{\"statusCode\":400,\"code\":\"RT_GRAPHQL_BAD_REQUEST\",\"error\":"
                + "\"Bad Request\",\"message\":\"the request has no query: GET /graphql?query={...}\"}");
        HttpResponse<String> batch = post("[" + query("{ books }") + "]", "application/json");
        assertThat(batch.statusCode()).isEqualTo(400);
        HttpResponse<String> notJson = post("{\"query\":", "application/json");
        assertThat(new JsonObject(notJson.body()).getString("code")).isEqualTo("FST_ERR_CTP_INVALID_JSON_BODY");
        HttpResponse<String> subscription = post(query("subscription { added }"), "application/json");
        assertThat(subscription.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(subscription.body()).getString("code")).isEqualTo("RT_GRAPHQL_SUBSCRIPTION_OVER_HTTP");
    }
}
