package dev.rt.kind.service.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.service.HttpError;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Validates one part of a request ({@code params}, {@code body}, {@code querystring} or {@code headers}) against the
 * route's schema for it, after {@link Coercion}; a failure is a 400 whose message names the part and the place, as
 * {@code body/title must be string}.
 */
public final class PartValidator {
    static final String CODE = "FST_ERR_VALIDATION";

    private final String part;
    private final JsonSchemas.Compiled compiled;
    private final Coercion coercion;
    private final ValidationOptions options;

    PartValidator(String part, JsonSchemas.Compiled compiled, ValidationOptions options) {
        this.part = part;
        this.compiled = compiled;
        this.coercion = new Coercion(compiled.document(), options);
        this.options = options;
    }

    String part() {
        return part;
    }

    /** The header schema with its property names (and required names) in lower case, as headers arrive. */
    static JsonNode lowerCaseHeaders(JsonNode schema) {
        if (!schema.isObject()) {
            return schema;
        }
        ObjectNode copy = schema.deepCopy();
        if (copy.get("properties") instanceof ObjectNode properties) {
            ObjectNode lowered = copy.putObject("properties");
            for (Iterator<String> it = properties.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                lowered.set(name.toLowerCase(Locale.ROOT), properties.get(name));
            }
        }
        if (copy.get("required") instanceof ArrayNode required) {
            ArrayNode lowered = copy.putArray("required");
            required.forEach(name -> lowered.add(name.asText().toLowerCase(Locale.ROOT)));
        }
        return copy;
    }

    /** The part coerced and checked; modifies {@code data}'s objects in place. */
    JsonNode validate(JsonNode data) {
        JsonNode prepared = coercion.apply(data);
        var errors = compiled.schema().validate(prepared);
        if (errors.isEmpty()) {
            return prepared;
        }
        List<AjvErrors.Reported> reported = AjvErrors.report(errors, compiled.document(), options.allErrors());
        throw new HttpError(400, CODE, reported.stream().map(r -> part + r.instancePath() + " " + r.message())
                .collect(Collectors.joining(", ")));
    }
}
