package dev.rt.kind.gateway.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompositionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    private static ComposedApi api(String id, String prefix, JsonNode document) {
        return new ComposedApi(id, prefix, document, Map.of());
    }

    private static final String MOVIES = """
            {"openapi": "3.0.3", "info": {"title": "Movies", "version": "1"},
             "security": [{"apiKey": []}],
             "paths": {
               "/movies": {
                 "get": {"operationId": "getMovies", "responses": {"200": {"description": "ok", "content":
                   {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Movie"}}}}}}},
                 "post": {"operationId": "createMovie", "security": [{"bearer": ["write"]}],
                          "responses": {"default": {"$ref": "#/components/responses/Problem"}}}},
               "/movies/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                 "get": {"operationId": "getMovie", "responses": {"200": {"description": "ok", "links":
                   {"self": {"operationId": "getMovie"}}}}}}},
             "components": {
               "schemas": {"Movie": {"type": "object", "properties": {"director": {"$ref": "#/components/schemas/Person"}}},
                           "Person": {"title": "A person", "type": "object"}},
               "responses": {"Problem": {"description": "a problem", "content": {"application/json": {"schema":
                   {"$ref": "#/components/schemas/Person"}}}}},
               "securitySchemes": {"apiKey": {"type": "apiKey", "in": "header", "name": "x-key"},
                                   "bearer": {"type": "http", "scheme": "bearer"}}}}""";

    @Test
    void pathsArePrefixedAndEveryNameIsNamespacedByTheApplicationId() throws Exception {
        ObjectNode composed = Composition.compose(List.of(api("movies-api", "/movies", json(MOVIES))), "rt gateway",
                "1.0.0", Optional.empty());

        assertThat(composed.get("openapi").asText()).isEqualTo("3.0.0");
        assertThat(composed.get("info")).isEqualTo(json("{\"title\": \"rt gateway\", \"version\": \"1.0.0\"}"));
        assertThat(composed.get("paths").fieldNames()).toIterable().containsExactly("/movies/movies", "/movies/movies/{id}");
        JsonNode list = composed.at("/paths/~1movies~1movies/get");
        assertThat(list.get("operationId").asText()).isEqualTo("movies_api_getMovies");
        assertThat(list.at("/responses/200/content/application~1json/schema/items/$ref").asText())
                .isEqualTo("#/components/schemas/movies_api_Movie");
        assertThat(list.get("security")).isEqualTo(json("[{\"movies_api_apiKey\": []}]"));
        JsonNode create = composed.at("/paths/~1movies~1movies/post");
        assertThat(create.get("security")).isEqualTo(json("[{\"movies_api_bearer\": [\"write\"]}]"));
        assertThat(create.at("/responses/default/$ref").asText()).isEqualTo("#/components/responses/movies_api_Problem");
        assertThat(composed.at("/paths/~1movies~1movies~1{id}/get/responses/200/links/self/operationId").asText())
                .isEqualTo("movies_api_getMovie");
        assertThat(composed.at("/components/schemas").fieldNames()).toIterable()
                .containsExactly("movies_api_Movie", "movies_api_Person");
        assertThat(composed.at("/components/schemas/movies_api_Movie/title").asText()).isEqualTo("Movie");
        assertThat(composed.at("/components/schemas/movies_api_Person/title").asText()).isEqualTo("A person");
        assertThat(composed.at("/components/schemas/movies_api_Movie/properties/director/$ref").asText())
                .isEqualTo("#/components/schemas/movies_api_Person");
        assertThat(composed.at("/components/securitySchemes").fieldNames()).toIterable()
                .containsExactly("movies_api_apiKey", "movies_api_bearer");
        assertThat(composed.at("/components/responses/movies_api_Problem/content/application~1json/schema/$ref")
                .asText()).isEqualTo("#/components/schemas/movies_api_Person");
        assertThat(composed.has("security")).isFalse();
    }

    @Test
    void applicationsAreComposedSideBySideInTheirOrder() throws Exception {
        JsonNode users = json("""
                {"openapi": "3.1.0", "info": {"title": "Users", "version": "1"},
                 "paths": {"/users": {"get": {"operationId": "getMovies", "responses": {"200": {"description": "ok"}}}}},
                 "components": {"schemas": {"Movie": {"type": "string"}}}}""");

        ObjectNode composed = Composition.compose(List.of(api("movies", "/movies", json(MOVIES)), api("users", "", users)),
                "Shop", "2.0.0", Optional.of("All of it"));

        assertThat(composed.get("openapi").asText()).isEqualTo("3.1.0");
        assertThat(composed.get("info")).isEqualTo(json("{\"title\": \"Shop\", \"description\": \"All of it\","
                + " \"version\": \"2.0.0\"}"));
        assertThat(composed.get("paths").fieldNames()).toIterable()
                .containsExactly("/movies/movies", "/movies/movies/{id}", "/users");
        assertThat(composed.at("/paths/~1users/get/operationId").asText()).isEqualTo("users_getMovies");
        assertThat(composed.at("/components/schemas").fieldNames()).toIterable()
                .containsExactly("movies_Movie", "movies_Person", "users_Movie");
    }

    @Test
    void twoApplicationsExposingOnePathAreRefusedNamingBoth() throws Exception {
        JsonNode again = json("{\"openapi\": \"3.0.0\", \"info\": {\"title\": \"x\", \"version\": \"1\"},"
                + " \"paths\": {\"/movies\": {\"get\": {\"responses\": {\"200\": {\"description\": \"ok\"}}}}}}");

        assertThatThrownBy(() -> Composition.compose(List.of(api("movies", "/m", json(MOVIES)), api("films", "/m", again)),
                "t", "1", Optional.empty()))
                .isInstanceOf(PathConflict.class)
                .hasMessage("Path \"/m/movies\" is exposed by both the \"movies\" and the \"films\" applications. Set a"
                        + " different openapi.prefix on one of them to resolve the conflict.");
    }

    @Test
    void theNamespaceIsTheIdWithEveryRunOfOtherCharactersAnUnderscore() {
        assertThat(Composition.apiPrefix("movies")).isEqualTo("movies_");
        assertThat(Composition.apiPrefix(" -my..api- ")).isEqualTo("my_api_");
        assertThat(Composition.apiPrefix("a1-B2")).isEqualTo("a1_B2_");
    }
}
