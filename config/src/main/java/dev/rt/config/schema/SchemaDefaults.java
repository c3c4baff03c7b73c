package dev.rt.config.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Fills in the schema's {@code default} values, in place, on a configuration that has passed validation:
 * for every object, each declared property that is absent and has a default gets it; then present values
 * are visited in turn (so defaults inside a present {@code gracefulShutdown} object are applied too).
 */
final class SchemaDefaults {
    private final SchemaNavigator navigator;

    SchemaDefaults(SchemaNavigator navigator) {
        this.navigator = navigator;
    }

    void apply(JsonNode instance, JsonNode schema) {
        if (instance instanceof ObjectNode object) {
            navigator.objectSchema(schema).ifPresent(objectSchema -> {
                objectSchema.path("properties").fields().forEachRemaining(property -> {
                    JsonNode declared = property.getValue();
                    JsonNode fallback = declared.has("default") ? declared.get("default")
                            : navigator.resolve(declared).get("default");
                    if (!object.has(property.getKey()) && fallback != null) {
                        object.set(property.getKey(), fallback.deepCopy());
                    }
                });
                object.fields().forEachRemaining(field ->
                        navigator.property(objectSchema, field.getKey()).ifPresent(s -> apply(field.getValue(), s)));
            });
        } else if (instance instanceof ArrayNode array) {
            navigator.arraySchema(schema).map(s -> s.path("items")).filter(JsonNode::isObject)
                    .ifPresent(items -> array.forEach(element -> apply(element, items)));
        }
    }
}
