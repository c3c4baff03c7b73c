package dev.rt.kind.service.validation;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Compiles the schemas of a service's routes, with the service's validation options: a request part's into the
 * validator of that part, a response's only to check it. One per service, its compiled meta-schema shared.
 */
public final class RouteSchemas {
    private final JsonSchemas schemas = new JsonSchemas();
    private final ValidationOptions options;

    public RouteSchemas(ValidationOptions options) {
        this.options = options;
    }

    /**
     * The validator of a request part ({@code params}, {@code body}, {@code querystring} or {@code headers}).
     *
     * @throws IllegalArgumentException saying what is wrong with the schema, in a sentence
     */
    public PartValidator validator(String part, String schema) {
        JsonSchemas.Compiled compiled = schemas.compile(schema);
        if (part.equals("headers")) {
            JsonNode lowered = PartValidator.lowerCaseHeaders(compiled.document());
            compiled = schemas.compile(lowered.toString());
        }
        return new PartValidator(part, compiled, options);
    }

    /** @throws IllegalArgumentException saying what is wrong with the response schema, in a sentence */
    public void check(String schema) {
        schemas.compile(schema);
    }
}
