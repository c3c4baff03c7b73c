package dev.rt.config.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the schema that applies to a place in a configuration, inside one bundled schema document: follows
 * local {@code $ref}s and, for {@code anyOf}/{@code oneOf}, the branch whose type fits the value.
 * Used by coercion and defaults; validation itself is the validator's job.
 */
final class SchemaNavigator {
    private final JsonNode document;

    SchemaNavigator(JsonNode document) {
        this.document = document;
    }

    /** Follows {@code $ref} chains (local references only). */
    JsonNode resolve(JsonNode schema) {
        JsonNode current = schema;
        for (int hops = 0; hops < 32 && current.has("$ref"); hops++) {
            String ref = current.get("$ref").asText();
            current = ref.startsWith("#") ? document.at(ref.substring(1)) : MissingNode.getInstance();
        }
        return current;
    }

    /** Every alternative a value may take at this schema: the schema itself, or its anyOf/oneOf branches. */
    List<JsonNode> alternatives(JsonNode schema) {
        JsonNode resolved = resolve(schema);
        List<JsonNode> out = new ArrayList<>();
        for (String combinator : new String[] {"anyOf", "oneOf"}) {
            if (resolved.has(combinator)) {
                resolved.get(combinator).forEach(branch -> out.addAll(alternatives(branch)));
            }
        }
        if (out.isEmpty() || resolved.has("type") || resolved.has("properties")) {
            out.add(0, resolved);
        }
        return out;
    }

    /** The alternative that describes an object, when the value is an object. */
    Optional<JsonNode> objectSchema(JsonNode schema) {
        return alternatives(schema).stream()
                .filter(s -> s.has("properties") || s.has("additionalProperties") || admits(s, JsonNodeType.OBJECT))
                .findFirst();
    }

    Optional<JsonNode> arraySchema(JsonNode schema) {
        return alternatives(schema).stream().filter(s -> s.has("items") || admits(s, JsonNodeType.ARRAY)).findFirst();
    }

    /** The schema of property {@code name} in an object schema: its properties entry, else additionalProperties. */
    Optional<JsonNode> property(JsonNode objectSchema, String name) {
        JsonNode properties = objectSchema.path("properties");
        if (properties.has(name)) {
            return Optional.of(properties.get(name));
        }
        JsonNode additional = objectSchema.path("additionalProperties");
        return additional.isObject() ? Optional.of(additional) : Optional.empty();
    }

    /** The types named by every alternative at this schema ({@code integer}, {@code string}, ...). */
    List<String> types(JsonNode schema) {
        List<String> types = new ArrayList<>();
        for (JsonNode alternative : alternatives(schema)) {
            JsonNode type = alternative.path("type");
            if (type.isTextual()) {
                types.add(type.asText());
            } else if (type.isArray()) {
                type.forEach(t -> types.add(t.asText()));
            } else if (alternative.has("enum")) {
                alternative.get("enum").forEach(v -> types.add(v.isTextual() ? "string" : v.getNodeType().name().toLowerCase()));
            } else if (alternative.has("const")) {
                types.add(alternative.get("const").isTextual() ? "string" : "other");
            }
        }
        return types;
    }

    private static boolean admits(JsonNode schema, JsonNodeType type) {
        JsonNode declared = schema.path("type");
        String name = type.name().toLowerCase();
        if (declared.isTextual()) {
            return declared.asText().equals(name);
        }
        if (declared.isArray()) {
            for (JsonNode t : declared) {
                if (t.asText().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }
}
