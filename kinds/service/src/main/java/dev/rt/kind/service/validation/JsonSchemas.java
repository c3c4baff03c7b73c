package dev.rt.kind.service.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.util.List;

/**
 * Compiles the JSON Schemas routes carry (draft 2020-12 unless a schema's {@code $schema} says otherwise, formats
 * asserted as the reference's validator asserts them), after checking each against its meta-schema so that a schema
 * with a typo stops the start instead of letting every request through.
 */
final class JsonSchemas {
    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String META = "https://json-schema.org/draft/2020-12/schema";

    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true)
                    .build()));
    private Schema meta;

    /** A route's schema, parsed and compiled. */
    record Compiled(JsonNode document, Schema schema) {
    }

    /** @throws IllegalArgumentException saying what is wrong with the schema, in a sentence */
    synchronized Compiled compile(String text) {
        JsonNode document;
        try {
            document = MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException("is not JSON: "
                    + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
        }
        if (document == null || !(document.isObject() || document.isBoolean())) {
            throw new IllegalArgumentException("is not a JSON Schema: a schema is an object (or true, or false)");
        }
        if (meta == null) {
            meta = registry.getSchema(SchemaLocation.of(META));
        }
        List<Error> errors = meta.validate(document);
        if (!errors.isEmpty()) {
            Error first = errors.get(0);
            throw new IllegalArgumentException("is not a valid JSON Schema: at " + Pointers.of(first.getInstanceLocation())
                    + " " + first.getMessage());
        }
        try {
            return new Compiled(document, registry.getSchema(document));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot be compiled: " + e.getMessage());
        }
    }
}
