package dev.rt.kind.gateway.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class DocumentCheckTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aValidDocumentHasNoProblem() throws Exception {
        assertThat(DocumentCheck.problems(JSON.readTree("{\"openapi\": \"3.1.0\", \"info\": {\"title\": \"t\","
                + " \"version\": \"1\"}, \"paths\": {\"/x\": {\"get\": {\"responses\": {\"200\": {\"description\":"
                + " \"ok\"}}}}}}"))).isEmpty();
    }

    @Test
    void aNullTypeInAThreeZeroDocumentIsAProblem() throws Exception {
        assertThat(DocumentCheck.problems(JSON.readTree("{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"t\","
                + " \"version\": \"1\"}, \"paths\": {\"/x\": {\"get\": {\"responses\": {\"200\": {\"description\":"
                + " \"ok\", \"content\": {\"application/json\": {\"schema\": {\"type\": \"null\"}}}}}}}}}")))
                .containsExactly("/paths/~1x/get/responses/200/content/application~1json/schema/type: \"null\" is not an"
                        + " OpenAPI 3.0 schema type (3.0 writes \"nullable\": true)");
    }

    @Test
    void nullIsATypeInThreeOneAlsoInAListAndSecuritySchemesAreNoSchemas() throws Exception {
        assertThat(DocumentCheck.problems(JSON.readTree("""
                {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
                 "components": {"schemas": {"A": {"type": ["string", "null"], "properties": {"b": {"type": "null"},
                   "c": {"type": "date"}}}},
                   "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "x"}}}}""")))
                .containsExactly("/components/schemas/A/properties/c/type: \"date\" is not an OpenAPI 3.1 schema type");
    }

    @Test
    void somethingElseThanOpenApiIsAProblemSaidPlainly() throws Exception {
        assertThat(DocumentCheck.problems(JSON.readTree("[1]"))).containsExactly("it is not a JSON object");
        assertThat(DocumentCheck.problems(JSON.readTree("{\"swagger\": \"2.0\"}")))
                .containsExactly("it has no \"openapi\": \"3.x\" version");
        assertThat(DocumentCheck.problems(JSON.readTree("{\"openapi\": \"3.0.0\", \"paths\": []}"))).isNotEmpty();
    }

    @Test
    void theLogSaysWhichApplicationAndWhere() {
        assertThat(DocumentCheck.invalid("legacy", "http://legacy.rt.local/documentation/json", java.util.List.of("a", "b")))
                .isEqualTo("Failed to compose OpenAPI schemas: the schema of the \"legacy\" application"
                        + " (http://legacy.rt.local/documentation/json) is not a valid OpenAPI document: a; b");
    }
}
