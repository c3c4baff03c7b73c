package dev.rt.config.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import java.util.ArrayList;
import java.util.List;

/**
 * What one failed keyword says, in words a person can act on: {@code must be an integer, found "x"},
 * {@code is not a known setting; expected one of ...}, {@code must be at most 65535, found 70000}.
 */
final class KeywordMessages {
    private KeywordMessages() {
    }

    /** The violation one failed keyword reports, where the value is. */
    static Violation of(Error error, JsonNode schemaDocument) {
        String at = pointer(error);
        return switch (error.getKeyword()) {
            case "type" -> new Violation(at, "must be " + expectedType(error, schemaDocument) + ", found " + found(error));
            case "required" -> new Violation(at + "/" + error.getProperty(), "is required");
            case "additionalProperties" -> new Violation(at + "/" + error.getProperty(),
                    "is not a known setting" + known(error, schemaDocument));
            case "enum" -> new Violation(at, "must be one of " + values(error.getSchemaNode()) + ", found " + found(error));
            case "minimum" -> new Violation(at, "must be at least " + error.getSchemaNode() + ", found " + found(error));
            case "maximum" -> new Violation(at, "must be at most " + error.getSchemaNode() + ", found " + found(error));
            case "exclusiveMinimum" -> new Violation(at, "must be greater than " + error.getSchemaNode() + ", found " + found(error));
            case "minLength" -> new Violation(at, (error.getSchemaNode().asInt() == 1 ? "must not be empty"
                    : "must have at least " + error.getSchemaNode() + " characters") + ", found " + found(error));
            case "pattern" -> new Violation(at, "does not have the expected form (" + error.getSchemaNode().asText()
                    + "), found " + found(error));
            case "oneOf" -> new Violation(at, severalForms(error));
            default -> new Violation(at, error.getMessage() + ", found " + found(error));
        };
    }

    /**
     * A value valid against several {@code oneOf} branches. Where each branch only requires one key (java's build,
     * jar, main), the message names the keys present and the ones allowed.
     */
    private static String severalForms(Error error) {
        List<String> keys = new ArrayList<>();
        for (JsonNode branch : error.getSchemaNode()) {
            if (branch.size() != 1 || branch.path("required").size() != 1) {
                return "matches several of the allowed forms; keep exactly one";
            }
            keys.add("\"" + branch.get("required").get(0).asText() + "\"");
        }
        JsonNode value = error.getInstanceNode();
        List<String> present = keys.stream().filter(key -> value != null && value.has(key.substring(1, key.length() - 1))).toList();
        return "has " + String.join(" and ", present) + "; keep exactly one of " + String.join(", ", keys);
    }

    /** "an integer", or "a positive integer" where the schema also says minimum 1. */
    private static String expectedType(Error error, JsonNode schemaDocument) {
        String type = String.valueOf(error.getArguments()[1]);
        JsonNode minimum = keywordParent(error, schemaDocument).path("minimum");
        if (type.equals("integer") && minimum.isNumber()) {
            if (minimum.asLong() == 1) {
                return "a positive integer";
            }
            if (minimum.asLong() == 0) {
                return "a non-negative integer";
            }
        }
        return article(type);
    }

    /** The schema object holding the keyword that failed. */
    private static JsonNode keywordParent(Error error, JsonNode schemaDocument) {
        String fragment = error.getSchemaLocation().getFragment().toString();
        int slash = fragment.lastIndexOf('/');
        return schemaDocument.at(slash <= 0 ? "" : fragment.substring(0, slash));
    }

    private static String known(Error error, JsonNode schemaDocument) {
        JsonNode properties = keywordParent(error, schemaDocument).path("properties");
        List<String> names = new ArrayList<>();
        properties.fieldNames().forEachRemaining(names::add);
        return names.isEmpty() ? "" : "; expected one of " + String.join(", ", names);
    }

    static String pointer(Error error) {
        return error.getInstanceLocation().toString();
    }

    /** The value that failed, as messages show it: strings quoted and cut at 80 characters. */
    static String found(Error error) {
        JsonNode value = error.getInstanceNode();
        if (value == null || value.isMissingNode()) {
            return "nothing";
        }
        if (value.isTextual()) {
            String text = value.textValue();
            return "\"" + (text.length() > 80 ? text.substring(0, 77) + "..." : text) + "\"";
        }
        if (value.isArray()) {
            return "an array";
        }
        return value.isObject() ? "an object" : value.toString();
    }

    private static String values(JsonNode enumNode) {
        List<String> values = new ArrayList<>();
        enumNode.forEach(v -> values.add(v.toString()));
        return String.join(", ", values);
    }

    static String article(String type) {
        return switch (type) {
            case "integer", "object", "array" -> "an " + type;
            case "null" -> "null";
            default -> "a " + type;
        };
    }
}
