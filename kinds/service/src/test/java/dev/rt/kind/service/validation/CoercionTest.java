package dev.rt.kind.service.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The reference validator's coercion rules, one by one. */
class CoercionTest {
    private static JsonNode coerce(String schema, String data, ValidationOptions options) throws Exception {
        return new Coercion(JsonSchemas.MAPPER.readTree(schema), options).apply(JsonSchemas.MAPPER.readTree(data));
    }

    private static String coerce(String schema, String data) throws Exception {
        return coerce(schema, data, ValidationOptions.DEFAULTS).toString();
    }

    @Test
    void numericStringsBecomeNumbersAsJavaScriptReadsThem() throws Exception {
        assertThat(coerce("{\"type\": \"number\"}", "\" 12.5 \"")).isEqualTo("12.5");
        assertThat(coerce("{\"type\": \"integer\"}", "\"0x1f\"")).isEqualTo("31");
        assertThat(coerce("{\"type\": \"integer\"}", "\"1.5\"")).isEqualTo("\"1.5\"");
        assertThat(coerce("{\"type\": \"number\"}", "\"\"")).isEqualTo("\"\"");
        assertThat(coerce("{\"type\": \"number\"}", "true")).isEqualTo("1");
    }

    @Test
    void nullAndBooleansFollowTheSchemasTypeOrder() throws Exception {
        assertThat(coerce("{\"type\": [\"number\", \"null\"]}", "\"\"")).isEqualTo("null");
        assertThat(coerce("{\"type\": [\"number\", \"null\"]}", "false")).isEqualTo("0");
        assertThat(coerce("{\"type\": [\"null\", \"number\"]}", "false")).isEqualTo("null");
        assertThat(coerce("{\"type\": \"boolean\"}", "\"false\"")).isEqualTo("false");
        assertThat(coerce("{\"type\": \"string\"}", "null")).isEqualTo("\"\"");
        assertThat(coerce("{\"type\": \"string\"}", "10.0")).isEqualTo("\"10\"");
    }

    @Test
    void arraysAreCoercedBothWays() throws Exception {
        assertThat(coerce("{\"type\": \"array\"}", "\"a\"")).isEqualTo("[\"a\"]");
        assertThat(coerce("{\"type\": \"integer\"}", "[\"7\"]")).isEqualTo("7");
        assertThat(coerce("{\"type\": \"array\"}", "\"a\"",
                new ValidationOptions(ValidationOptions.Coercion.SCALARS, true, "true", false)).toString())
                .isEqualTo("\"a\"");
    }

    @Test
    void defaultsAreFilledAndForbiddenPropertiesRemoved() throws Exception {
        String schema = "{\"type\": \"object\", \"additionalProperties\": false, \"properties\":"
                + " {\"n\": {\"type\": \"integer\", \"default\": 3}, \"inner\": {\"$ref\": \"#/$defs/inner\"}},"
                + " \"$defs\": {\"inner\": {\"type\": \"object\", \"properties\": {\"b\": {\"type\": \"boolean\"}}}}}";
        assertThat(coerce(schema, "{\"x\": 1, \"inner\": {\"b\": \"true\"}}"))
                .isEqualTo("{\"inner\":{\"b\":true},\"n\":3}");
        assertThat(coerce(schema, "{\"x\": 1}", new ValidationOptions(ValidationOptions.Coercion.ARRAYS, false,
                "false", false)).toString()).isEqualTo("{\"x\":1}");
    }

    @Test
    void nothingIsCoercedWhenCoercionIsOff() throws Exception {
        assertThat(coerce("{\"type\": \"integer\"}", "\"5\"",
                new ValidationOptions(ValidationOptions.Coercion.NONE, true, "true", false)).toString()).isEqualTo("\"5\"");
    }
}
