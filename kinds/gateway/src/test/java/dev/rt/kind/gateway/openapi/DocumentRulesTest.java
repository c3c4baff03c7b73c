package dev.rt.kind.gateway.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.KindException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentRulesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DOCUMENT = """
            {"openapi": "3.1.0", "info": {"title": "Movies", "version": "1"}, "paths": {
              "/movies": {"get": {"responses": {"200": {"description": "ok"}}},
                          "delete": {"responses": {"204": {"description": "gone"}}}},
              "/movies/{id}": {"get": {"responses": {"200": {"description": "ok"}}}},
              "/internal": {"get": {"responses": {"200": {"description": "ok"}}}},
              "/purge": {"post": {"responses": {"200": {"description": "ok"}}}}}}""";

    @TempDir
    Path directory;

    private DocumentRules rules(String json) throws Exception {
        Path file = directory.resolve("rules.json");
        Files.writeString(file, json);
        return DocumentRules.read(file, "/gateway/applications/0/openapi/config");
    }

    @Test
    void ignoredPathsAndOperationsGoAndAliasedPathsKeepTheirOrigin() throws Exception {
        DocumentRules rules = rules("""
                {"paths": {"/internal": {"ignore": true}, "/movies": {"alias": "/films", "delete": {"ignore": true}},
                           "/purge": {"post": {"ignore": true}}, "/movies/{id}": {"alias": "/films/{filmId}"}}}""");

        RulesApplied applied = RulesApplied.apply(JSON.readTree(DOCUMENT), rules);

        assertThat(applied.document().get("paths").fieldNames()).toIterable().containsExactly("/films", "/films/{filmId}");
        assertThat(applied.document().at("/paths/~1films").fieldNames()).toIterable().containsExactly("get");
        assertThat(applied.originPaths()).containsEntry("/films", "/movies").containsEntry("/films/{filmId}", "/movies/{id}");
        assertThat(applied.document().at("/info/title").asText()).isEqualTo("Movies");
    }

    @Test
    void withoutRulesTheDocumentIsAsItWas() throws Exception {
        RulesApplied applied = RulesApplied.apply(JSON.readTree(DOCUMENT), DocumentRules.NONE);

        assertThat(applied.document()).isEqualTo(JSON.readTree(DOCUMENT));
        assertThat(applied.originPaths()).containsEntry("/internal", "/internal").hasSize(4);
    }

    @Test
    void aFileThatIsNotRulesIsRefusedNamingItAndTheSetting() {
        assertThatThrownBy(() -> rules("{\"paths\": {\"/movies\": {\"hide\": true}}}"))
                .isInstanceOfSatisfying(KindException.class, e -> {
                    assertThat(e.pointer()).hasValue("/gateway/applications/0/openapi/config");
                    assertThat(e.getMessage()).isEqualTo("the OpenAPI rules file " + directory.resolve("rules.json")
                            + ": /paths/~1movies/hide: expected \"ignore\": true|false, \"alias\": \"/path\", or a method"
                            + " (get, post, ...) with {\"ignore\": true} or {\"responses\": {...}}");
                });
        assertThatThrownBy(() -> rules("[]")).hasMessageEndingWith("must be an object {\"paths\": {...}}");
        assertThatThrownBy(() -> DocumentRules.read(directory.resolve("missing.json"), "/x"))
                .hasMessageStartingWith("cannot read the OpenAPI rules file " + directory.resolve("missing.json"));
    }

    @Test
    void renamedResponseFieldsAreRenamedInTheSchemaAndInBodies() throws Exception {
        String document = """
                {"openapi": "3.0.3", "info": {"title": "Movies", "version": "1"}, "paths": {
                  "/movies": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
                      {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Movie"}}}}}}},
                    "post": {"requestBody": {"content": {"application/json": {"schema":
                      {"$ref": "#/components/schemas/Movie"}}}}, "responses": {"200": {"description": "ok"}}}}},
                  "components": {"schemas": {"Movie": {"type": "object", "required": ["title"], "properties": {
                    "title": {"type": "string"}, "director": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}}""";
        DocumentRules rules = rules("""
                {"paths": {"/movies": {"alias": "/films", "get": {"responses": {"200": {"type": "array", "items": {
                  "properties": {"title": {"rename": "name"}, "director": {"properties": {"name": {"rename": "fullName"}}}}}}}}}}}""");

        RulesApplied applied = RulesApplied.apply(JSON.readTree(document), rules);

        JsonNode items = applied.document().at("/paths/~1films/get/responses/200/content/application~1json/schema/items");
        assertThat(items.get("properties").fieldNames()).toIterable().containsExactly("director", "name");
        assertThat(items.get("required")).containsExactly(JSON.getNodeFactory().textNode("name"));
        assertThat(items.at("/properties/director/properties").fieldNames()).toIterable().containsExactly("fullName");
        assertThat(applied.document().at("/components/schemas/Movie/properties").has("title"))
                .as("the request body's schema, the same component, keeps its names").isTrue();
        ResponseRenames renames = applied.renames().get("/films").get("GET");
        assertThat(applied.renames().get("/films")).containsOnlyKeys("GET");
        assertThat(renames.rewrites(200, "application/json; charset=utf-8")).isTrue();
        assertThat(renames.rewrites(200, "text/plain")).isFalse();
        assertThat(renames.rewrites(404, "application/json")).isFalse();
        byte[] body = "[{\"title\":\"Alien\",\"year\":1979,\"rating\":7.50,\"director\":{\"name\":\"Scott\"}},3]"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(new String(renames.rewrite(200, body), StandardCharsets.UTF_8))
                .isEqualTo("[{\"year\":1979,\"rating\":7.50,\"director\":{\"fullName\":\"Scott\"},\"name\":\"Alien\"},3]");
        byte[] notJson = "<html>".getBytes(StandardCharsets.UTF_8);
        assertThat(renames.rewrite(200, notJson)).isSameAs(notJson);
    }

    @Test
    void renamesThatAreNotASchemaOfRenamesAreRefusedSayingWhere() {
        assertThatThrownBy(() -> rules("{\"paths\": {\"/movies\": {\"get\": {\"responses\": {\"200\": {\"properties\":"
                + " {\"title\": {\"rename\": 3}}}}}}}}"))
                .hasMessage("the OpenAPI rules file " + directory.resolve("rules.json") + ": /paths/~1movies/get/responses/200"
                        + "/properties/title: expected {\"rename\": \"newName\"} alone");
        assertThatThrownBy(() -> rules("{\"paths\": {\"/movies\": {\"get\": {\"responses\": {\"ok\": {}}}}}}"))
                .hasMessageEndingWith("/paths/~1movies/get/responses/ok: expected a status code such as 200");
        assertThatThrownBy(() -> rules("{\"paths\": {\"/movies\": {\"get\": {\"responses\": {\"200\": {\"oneOf\": []}}}}}}"))
                .hasMessageContaining("/paths/~1movies/get/responses/200: expected a schema of renames");
    }
}
