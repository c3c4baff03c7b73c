package dev.rt.kind.gateway.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.KindException;
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
                            + " (get, post, ...) with {\"ignore\": true}");
                });
        assertThatThrownBy(() -> rules("[]")).hasMessageEndingWith("must be an object {\"paths\": {...}}");
        assertThatThrownBy(() -> DocumentRules.read(directory.resolve("missing.json"), "/x"))
                .hasMessageStartingWith("cannot read the OpenAPI rules file " + directory.resolve("missing.json"));
    }

    @Test
    void renamingResponseFieldsIsRefusedSayingWhatIsAvailable() {
        assertThatThrownBy(() -> rules("{\"paths\": {\"/movies\": {\"get\": {\"responses\": {\"200\": {\"type\":"
                + " \"object\", \"properties\": {\"title\": {\"rename\": \"name\"}}}}}}}}"))
                .hasMessageContaining("/paths/~1movies/get/responses: renaming response fields is not available");
    }
}
