package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.function.BiConsumer;

/** Visits every subschema of a schema document (not the values of default, enum, const or examples). */
final class SchemaWalk {
    private static final List<String> SCHEMA_MAPS = List.of("$defs", "properties", "patternProperties", "dependentSchemas");
    private static final List<String> SCHEMA_LISTS = List.of("anyOf", "oneOf", "allOf", "prefixItems");
    private static final List<String> SCHEMA_VALUES = List.of("additionalProperties", "items", "if", "then", "else", "not",
            "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems");

    private SchemaWalk() {
    }

    static void schemas(JsonNode schema, String pointer, BiConsumer<String, JsonNode> visitor) {
        if (!schema.isObject()) {
            return;
        }
        visitor.accept(pointer, schema);
        for (String keyword : SCHEMA_MAPS) {
            schema.path(keyword).properties().forEach(entry ->
                    schemas(entry.getValue(), pointer + "/" + keyword + "/" + escape(entry.getKey()), visitor));
        }
        for (String keyword : SCHEMA_LISTS) {
            JsonNode list = schema.path(keyword);
            for (int i = 0; i < list.size(); i++) {
                schemas(list.get(i), pointer + "/" + keyword + "/" + i, visitor);
            }
        }
        for (String keyword : SCHEMA_VALUES) {
            if (schema.has(keyword)) {
                schemas(schema.get(keyword), pointer + "/" + keyword, visitor);
            }
        }
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
