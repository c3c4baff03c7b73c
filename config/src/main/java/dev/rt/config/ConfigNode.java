package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A position in a configuration tree that knows its file and JSON pointer, so that every type error says
 * where it is: {@code rt.json: /services/1/workers: must be a positive integer, found "x"}. Strings that
 * hold numbers or booleans (placeholders after substitution) are coerced to the expected type.
 */
final class ConfigNode {
    private final Path file;
    private final JsonNode node;
    private final String pointer;

    ConfigNode(Path file, JsonNode node, String pointer) {
        this.file = file;
        this.node = node;
        this.pointer = pointer;
    }

    static ConfigNode root(Path file, JsonNode tree) {
        return new ConfigNode(file, tree, "");
    }

    ConfigNode get(String key) {
        JsonNode child = node.isObject() ? node.get(key) : null;
        return new ConfigNode(file, child == null ? MissingNode.getInstance() : child,
                pointer + "/" + key.replace("~", "~0").replace("/", "~1"));
    }

    boolean has(String key) {
        return node.isObject() && node.has(key) && !node.get(key).isNull();
    }

    boolean isMissing() {
        return node.isMissingNode() || node.isNull();
    }

    JsonNode json() {
        return node;
    }

    Path file() {
        return file;
    }

    String pointer() {
        return pointer.isEmpty() ? "/" : pointer;
    }

    ConfigException error(String message) {
        return ConfigException.invalid(file + ": " + pointer() + ": " + message);
    }

    ConfigNode requireObject() {
        if (!node.isObject()) {
            throw error("must be an object, found " + describe());
        }
        return this;
    }

    Optional<String> optionalString() {
        if (isMissing()) {
            return Optional.empty();
        }
        if (!node.isTextual()) {
            throw error("must be a string, found " + describe());
        }
        return Optional.of(node.textValue());
    }

    String string(String fallback) {
        return optionalString().orElse(fallback);
    }

    String requiredString() {
        String value = optionalString().orElseThrow(() -> error("is required"));
        if (value.isBlank()) {
            throw error("must not be empty");
        }
        return value;
    }

    /**
     * This string as a path, resolved against {@code base} and normalised. A string that cannot name a file (one
     * with a NUL character, say) is refused here, with this node's pointer.
     */
    Path path(Path base) {
        String text = requiredString();
        try {
            return base.resolve(text).normalize();
        } catch (InvalidPathException e) {
            throw error("is not a usable path: " + e.getReason());
        }
    }

    boolean bool(boolean fallback) {
        if (isMissing()) {
            return fallback;
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isTextual()) {
            String text = node.textValue().strip().toLowerCase(Locale.ROOT);
            if (text.equals("true") || text.equals("false")) {
                return text.equals("true");
            }
        }
        throw error("must be true or false, found " + describe());
    }

    long integer(long fallback, long min, long max) {
        if (isMissing()) {
            return fallback;
        }
        long value;
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            value = node.longValue();
        } else if (node.isTextual() && node.textValue().strip().matches("-?\\d{1,18}")) {
            value = Long.parseLong(node.textValue().strip());
        } else {
            throw error("must be an integer, found " + describe());
        }
        if (value < min || value > max) {
            throw error("must be " + range(min, max) + ", found " + value);
        }
        return value;
    }

    int positiveInt(int fallback) {
        if (isMissing()) {
            return fallback;
        }
        try {
            return (int) integer(fallback, 1, 1024);
        } catch (ConfigException e) {
            throw error("must be a positive integer, found " + describe());
        }
    }

    Duration millis(long fallbackMillis) {
        return Duration.ofMillis(integer(fallbackMillis, 0, Long.MAX_VALUE / 1_000_000));
    }

    List<ConfigNode> elements() {
        if (isMissing()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw error("must be an array, found " + describe());
        }
        List<ConfigNode> elements = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            elements.add(new ConfigNode(file, node.get(i), pointer + "/" + i));
        }
        return elements;
    }

    List<String> strings() {
        if (!isMissing() && node.isTextual()) {
            return List.of(node.textValue());
        }
        return elements().stream().map(ConfigNode::requiredString).toList();
    }

    Map<String, String> stringMap() {
        if (isMissing()) {
            return Map.of();
        }
        requireObject();
        Map<String, String> values = new LinkedHashMap<>();
        node.fieldNames().forEachRemaining(key -> {
            JsonNode value = node.get(key);
            if (!value.isValueNode() || value.isNull()) {
                throw get(key).error("must be a string, number or boolean, found " + get(key).describe());
            }
            values.put(key, value.asText());
        });
        return values;
    }

    String describe() {
        if (isMissing()) {
            return "nothing";
        }
        if (node.isTextual()) {
            return "\"" + node.textValue() + "\"";
        }
        if (node.isValueNode()) {
            return node.toString();
        }
        return node.isArray() ? "an array" : "an object";
    }

    private static String range(long min, long max) {
        if (max == Long.MAX_VALUE || max >= Long.MAX_VALUE / 1_000_000) {
            return "at least " + min;
        }
        return "between " + min + " and " + max;
    }
}
