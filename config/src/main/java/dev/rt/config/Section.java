package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Reads values out of a configuration section that has already been validated against the schema and had
 * its defaults applied, so types are known. Strings that hold numbers or booleans (placeholders the pipeline
 * did not coerce) are still read as such.
 */
final class Section {
    private Section() {
    }

    static boolean present(JsonNode node) {
        return node != null && !node.isMissingNode() && !node.isNull();
    }

    static JsonNode child(JsonNode node, String key) {
        if (node == null || !node.isObject()) {
            return MissingNode.getInstance();
        }
        return node.path(key);
    }

    /**
     * A boolean-or-string flag: {@code true}, {@code "true"} and {@code "1"} are true; {@code false},
     * {@code "false"}, {@code "0"} and the empty string (an unset placeholder) are false.
     */
    static boolean flag(JsonNode node, boolean fallback) {
        if (!present(node)) {
            return fallback;
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isNumber()) {
            return node.asInt() != 0;
        }
        String text = node.asText().strip().toLowerCase(Locale.ROOT);
        return switch (text) {
            case "true", "1" -> true;
            case "false", "0", "" -> false;
            default -> throw new IllegalArgumentException("not a boolean: \"" + node.asText() + "\"");
        };
    }

    static boolean flag(JsonNode section, String key, boolean fallback) {
        return flag(child(section, key), fallback);
    }

    static String text(JsonNode section, String key, String fallback) {
        return optionalText(section, key).orElse(fallback);
    }

    static Optional<String> optionalText(JsonNode section, String key) {
        JsonNode value = child(section, key);
        return present(value) && value.isValueNode() ? Optional.of(value.asText()) : Optional.empty();
    }

    static String requiredText(JsonNode section, String key) {
        return optionalText(section, key)
                .orElseThrow(() -> new IllegalArgumentException("\"" + key + "\" is required"));
    }

    static int integer(JsonNode section, String key, int fallback) {
        OptionalLong value = optionalLong(section, key);
        return value.isPresent() ? Math.toIntExact(value.getAsLong()) : fallback;
    }

    static OptionalInt optionalInt(JsonNode section, String key) {
        OptionalLong value = optionalLong(section, key);
        return value.isPresent() ? OptionalInt.of(Math.toIntExact(value.getAsLong())) : OptionalInt.empty();
    }

    static OptionalLong optionalLong(JsonNode section, String key) {
        JsonNode value = child(section, key);
        if (!present(value)) {
            return OptionalLong.empty();
        }
        if (value.isNumber()) {
            return OptionalLong.of(value.longValue());
        }
        return OptionalLong.of(Long.parseLong(value.asText().strip()));
    }

    static Optional<Duration> optionalMillis(JsonNode section, String key) {
        OptionalLong value = optionalLong(section, key);
        return value.isPresent() ? Optional.of(Duration.ofMillis(value.getAsLong())) : Optional.empty();
    }

    /** A string or an array of strings, as a list; empty when absent. */
    static List<String> strings(JsonNode node) {
        if (!present(node)) {
            return List.of();
        }
        if (!node.isArray()) {
            return List.of(node.asText());
        }
        List<String> values = new ArrayList<>();
        node.forEach(element -> values.add(element.asText()));
        return List.copyOf(values);
    }

    /** An object of scalar values (headers, environment), as strings; empty when absent. */
    static Map<String, String> stringMap(JsonNode node) {
        if (!present(node) || !node.isObject()) {
            return Map.of();
        }
        Map<String, String> values = new LinkedHashMap<>();
        node.properties().forEach(entry -> values.put(entry.getKey(), entry.getValue().asText()));
        return Map.copyOf(values);
    }

    /** A free-form object, copied so that the record holding it cannot be changed; an empty object when absent. */
    static JsonNode object(JsonNode node) {
        return present(node) && node.isObject() ? node.deepCopy() : JsonNodeFactory.instance.objectNode();
    }
}
