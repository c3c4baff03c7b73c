package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The field renames of one response, shaped like its schema:
 * {@code {"type": "array", "items": {"properties": {"id": {"rename": "movie_id"}, "director": {"properties": ...}}}}}.
 * Applied to the response's schema in the composed document and to the JSON bodies of its responses alike.
 *
 * @param renamed    property → its new name, at this level
 * @param properties property → the renames inside its value
 * @param items      the renames of each element, when the value here is an array
 */
public record FieldRenames(Map<String, String> renamed, Map<String, FieldRenames> properties,
        Optional<FieldRenames> items) {

    public FieldRenames {
        renamed = Map.copyOf(renamed);
        properties = Map.copyOf(properties);
    }

    /**
     * Reads the renames of one response.
     *
     * @param where the rules file and the pointer in it, for the message
     * @throws IllegalArgumentException saying what is wrong where, when it is something else
     */
    static FieldRenames read(JsonNode schema, String where) {
        if (!schema.isObject() || !Set.of("type", "properties", "items").containsAll(names(schema))
                || schema.has("type") && !schema.get("type").isTextual()
                || schema.has("properties") && !schema.get("properties").isObject()) {
            throw new IllegalArgumentException(where + ": expected a schema of renames, {\"type\": ..., \"properties\":"
                    + " {\"field\": {\"rename\": \"newName\"} or a schema of renames}, \"items\": a schema of renames}");
        }
        Map<String, String> renamed = new LinkedHashMap<>();
        Map<String, FieldRenames> nested = new LinkedHashMap<>();
        schema.path("properties").properties().forEach(entry -> {
            JsonNode value = entry.getValue();
            String at = where + "/properties/" + entry.getKey().replace("~", "~0").replace("/", "~1");
            if (value.isObject() && value.has("rename")) {
                if (value.size() != 1 || !value.get("rename").isTextual() || value.get("rename").asText().isEmpty()) {
                    throw new IllegalArgumentException(at + ": expected {\"rename\": \"newName\"} alone");
                }
                renamed.put(entry.getKey(), value.get("rename").asText());
            } else {
                nested.put(entry.getKey(), read(value, at));
            }
        });
        Optional<FieldRenames> items = schema.has("items") ? Optional.of(read(schema.get("items"), where + "/items"))
                : Optional.empty();
        return new FieldRenames(renamed, nested, items);
    }

    /** Renames the fields of a response body in place (a body of another shape is left as it is). */
    public void applyToValue(JsonNode value) {
        if (value instanceof ArrayNode array) {
            items.ifPresent(each -> array.forEach(each::applyToValue));
        } else if (value instanceof ObjectNode object) {
            properties.forEach((name, inner) -> {
                if (object.has(name)) {
                    inner.applyToValue(object.get(name));
                }
            });
            renamed.forEach((name, to) -> {
                if (object.has(name)) {
                    object.set(to, object.remove(name));
                }
            });
        }
    }

    /**
     * Renames the properties of a response schema in place, {@code required} too; a {@code $ref} on the way is
     * replaced by a copy of what it names in {@code document}, so that its other uses keep their names.
     */
    public void applyToSchema(ObjectNode schema, JsonNode document) {
        if (!properties.isEmpty() || !renamed.isEmpty()) {
            JsonNode props = schema.get("properties");
            if (props instanceof ObjectNode object) {
                properties.forEach((name, inner) -> {
                    ObjectNode child = inlined(object, name, document);
                    if (child != null) {
                        inner.applyToSchema(child, document);
                    }
                });
                renamed.forEach((name, to) -> {
                    if (object.has(name)) {
                        object.set(to, object.remove(name));
                    }
                });
                if (schema.get("required") instanceof ArrayNode required) {
                    for (int i = 0; i < required.size(); i++) {
                        String to = renamed.get(required.get(i).asText());
                        if (to != null) {
                            required.set(i, to);
                        }
                    }
                }
            }
        }
        if (items.isPresent()) {
            ObjectNode element = inlined(schema, "items", document);
            if (element != null) {
                items.get().applyToSchema(element, document);
            }
        }
    }

    /** {@code parent[name]} as an object of its own: a {@code $ref} there replaced by a copy of its target. */
    static ObjectNode inlined(ObjectNode parent, String name, JsonNode document) {
        JsonNode child = parent.get(name);
        List<String> seen = new ArrayList<>();
        while (child != null && child.isObject() && child.path("$ref").isTextual()
                && child.get("$ref").asText().startsWith("#/") && !seen.contains(child.get("$ref").asText())) {
            seen.add(child.get("$ref").asText());
            JsonNode target = document.at(child.get("$ref").asText().substring(1));
            child = target.isMissingNode() ? null : target.deepCopy();
        }
        if (!(child instanceof ObjectNode object)) {
            return null;
        }
        parent.set(name, object);
        return object;
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
