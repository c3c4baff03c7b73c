package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The {@code type} of every Schema Object of a document, which swagger-parser does not check: in OpenAPI 3.0 one of
 * six names ({@code "null"} is not one: 3.0 says {@code nullable: true}), in 3.1 one of those or {@code null}, alone
 * or in a list.
 */
final class SchemaTypes {
    private static final Set<String> TYPES = Set.of("string", "number", "integer", "boolean", "array", "object");
    private static final Set<String> SCHEMA_MAPS = Set.of("schemas", "properties", "patternProperties",
            "dependentSchemas", "$defs", "definitions");
    private static final Set<String> SCHEMA_LISTS = Set.of("allOf", "anyOf", "oneOf", "prefixItems");
    private static final Set<String> SCHEMA_VALUES = Set.of("schema", "items", "not", "additionalProperties",
            "contains", "if", "then", "else", "propertyNames", "unevaluatedProperties", "unevaluatedItems");

    private SchemaTypes() {
    }

    /** What is wrong with the types of {@code document}'s schemas, each with its JSON pointer. */
    static List<String> problems(JsonNode document) {
        boolean v31 = document.path("openapi").asText().startsWith("3.1");
        List<String> problems = new ArrayList<>();
        walk(document, "", false, v31, problems);
        return problems;
    }

    private static void walk(JsonNode node, String pointer, boolean schema, boolean v31, List<String> problems) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), pointer + "/" + i, false, v31, problems);
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        if (schema && node.has("type")) {
            check(node.get("type"), pointer + "/type", v31, problems);
        }
        node.properties().forEach(field -> {
            String key = field.getKey();
            JsonNode value = field.getValue();
            String at = pointer + "/" + key.replace("~", "~0").replace("/", "~1");
            if (key.equals("securitySchemes") || key.equals("examples") || key.equals("example")) {
                return; // their "type" is not a schema's, and examples are data
            }
            if (SCHEMA_MAPS.contains(key) && value.isObject()) {
                value.properties().forEach(each -> walk(each.getValue(), at + "/" + each.getKey().replace("~", "~0")
                        .replace("/", "~1"), true, v31, problems));
            } else if (SCHEMA_LISTS.contains(key) && value.isArray()) {
                for (int i = 0; i < value.size(); i++) {
                    walk(value.get(i), at + "/" + i, true, v31, problems);
                }
            } else {
                walk(value, at, SCHEMA_VALUES.contains(key), v31, problems);
            }
        });
    }

    private static void check(JsonNode type, String pointer, boolean v31, List<String> problems) {
        if (type.isTextual() && (TYPES.contains(type.asText()) || v31 && type.asText().equals("null"))) {
            return;
        }
        if (v31 && type.isArray() && !type.isEmpty()) {
            boolean all = true;
            for (JsonNode each : type) {
                all &= each.isTextual() && (TYPES.contains(each.asText()) || each.asText().equals("null"));
            }
            if (all) {
                return;
            }
        }
        problems.add(pointer + ": " + type + " is not an OpenAPI " + (v31 ? "3.1" : "3.0") + " schema type"
                + (!v31 && type.asText().equals("null") ? " (3.0 writes \"nullable\": true)" : ""));
    }
}
