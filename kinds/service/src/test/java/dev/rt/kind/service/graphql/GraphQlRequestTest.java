package dev.rt.kind.service.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.service.HttpError;
import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GraphQlRequestTest {
    private static MultiMap query(String... pairs) {
        MultiMap parameters = MultiMap.caseInsensitiveMultiMap();
        for (int i = 0; i < pairs.length; i += 2) {
            parameters.add(pairs[i], pairs[i + 1]);
        }
        return parameters;
    }

    private static void refused(Runnable reading, String message) {
        assertThatThrownBy(reading::run).isInstanceOfSatisfying(HttpError.class, e -> {
            assertThat(e.statusCode()).isEqualTo(400);
            assertThat(e.code()).contains("RT_GRAPHQL_BAD_REQUEST");
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }

    @Test
    void aGetCarriesTheRequestInItsQueryStringWithJsonVariables() {
        GraphQlRequest request = GraphQlRequest.fromQueryString(query("query", "query Q($id: ID!) { movie(id: $id) { title } }",
                "operationName", "Q", "variables", "{\"id\": \"1\"}", "extensions", "{\"trace\": true}"));
        assertThat(request).isEqualTo(new GraphQlRequest("query Q($id: ID!) { movie(id: $id) { title } }", "Q",
                Map.of("id", "1"), Map.of("trace", true)));
        assertThat(GraphQlRequest.fromQueryString(query("query", "{ a }", "variables", "null")).variables()).isEmpty();
        assertThat(GraphQlRequest.fromQueryString(query("query", "{ a }", "operationName", "")).input().build()
                .getOperationName()).as("an empty operationName is none").isNull();
    }

    @Test
    void aGetThatIsNoGraphQlRequestIsRefusedSayingWhy() {
        refused(() -> GraphQlRequest.fromQueryString(query()), "the request has no query: GET /graphql?query={...}");
        refused(() -> GraphQlRequest.fromQueryString(query("query", "{ a }", "variables", "[7]")),
                "variables must be a JSON object, found [7]");
        refused(() -> GraphQlRequest.fromQueryString(query("query", "{ a }", "variables", "{nope")),
                "variables is not JSON: Unexpected character ('n' (code 110)): was expecting double-quote to start field name");
        refused(() -> GraphQlRequest.fromQueryString(query("query", "{ a }", "query", "mutation { b }")),
                "query is given 2 times; give it once");
    }

    @Test
    void aPostCarriesItInItsJsonBody() {
        GraphQlRequest request = GraphQlRequest.fromBody(new JsonObject().put("query", "{ a }")
                .put("variables", new JsonObject().put("n", 1)).put("operationName", null).put("id", "persisted-1"));
        assertThat(request).isEqualTo(new GraphQlRequest("{ a }", null, Map.of("n", 1), Map.of()));
    }

    @Test
    void aPostThatIsNoGraphQlRequestIsRefusedSayingWhy() {
        refused(() -> GraphQlRequest.fromBody(new JsonObject().put("qeury", "{ a }")),
                "the request has no query: {\"query\": \"...\"}");
        refused(() -> GraphQlRequest.fromBody(new JsonObject().put("query", 7)), "query must be a string, found 7");
        refused(() -> GraphQlRequest.fromBody(new JsonObject().put("query", "{ a }").put("variables", new JsonArray().add(7))),
                "variables must be a JSON object, found [7]");
        refused(() -> GraphQlRequest.fromBody(new JsonObject().put("query", "{ a }").put("operationName", false)),
                "operationName must be a string, found false");
        refused(() -> GraphQlRequest.fromBody(new JsonArray().add(new JsonObject().put("query", "{ a }"))),
                "a batch of requests (a JSON array) is not supported; send one request per POST");
        refused(() -> GraphQlRequest.fromBody("{\"query\": \"{ a }\"}"), "a GraphQL request is a JSON object {\"query\": \"...\"}");
        refused(() -> GraphQlRequest.fromBody(null), "a GraphQL request is a JSON object {\"query\": \"...\"}");
    }
}
