package dev.rt.config.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * The one reader of configuration: a position in a tree that knows its file and JSON pointer, so that every error
 * says where it is: {@code rt.json: /services/1/workers: must be a positive integer, found "x"}. The loader and
 * every {@code *Config} record read their values through it, after validation; strings that hold numbers or
 * booleans (placeholders after substitution) are read as the type expected.
 */
public final class ConfigNode {
    /** Empty for a section read on its own, outside any file (see {@link #section}). */
    private final Optional<Path> file;
    private final JsonNode node;
    private final String pointer;
    /** Where the string at a pointer came from, for errors: {@code " (the value comes from {X}; X is not set)"}. */
    private final Function<String, String> origins;

    private ConfigNode(Optional<Path> file, JsonNode node, String pointer, Function<String, String> origins) {
        this.file = file;
        this.node = node == null ? MissingNode.getInstance() : node;
        this.pointer = pointer;
        this.origins = origins;
    }

    public static ConfigNode root(Path file, JsonNode tree) {
        return root(file, tree, at -> "");
    }

    /** @param origins where the string at a pointer came from ({@code PlaceholderResolver.origin}) */
    public static ConfigNode root(Path file, JsonNode tree, Function<String, String> origins) {
        return new ConfigNode(Optional.of(file), tree, "", origins);
    }

    /** A section given on its own (by a test, say): its errors name {@code /<key>/...} and no file. */
    public static ConfigNode section(String key, JsonNode value) {
        return new ConfigNode(Optional.empty(), value, "/" + escape(key), at -> "");
    }

    public ConfigNode get(String key) {
        JsonNode child = node.isObject() ? node.get(key) : null;
        return new ConfigNode(file, child, pointer + "/" + escape(key), origins);
    }

    /** A value that is not in the file as written (an entry autoload makes), whose errors are reported here. */
    public ConfigNode withValue(JsonNode value) {
        return new ConfigNode(file, value, pointer, origins);
    }

    public boolean has(String key) {
        return node.isObject() && node.has(key) && !node.get(key).isNull();
    }

    /** Absent, or {@code null}. */
    public boolean isMissing() {
        return node.isMissingNode() || node.isNull();
    }

    public JsonNode json() {
        return node;
    }

    public String pointer() {
        return pointer.isEmpty() ? "/" : pointer;
    }

    public ConfigException error(String message) {
        return error(ErrorCode.CONFIG_INVALID, message);
    }

    public ConfigException error(ErrorCode code, String message) {
        return new ConfigException(code, file.map(f -> f + ": ").orElse("") + pointer() + ": " + message
                + origins.apply(pointer));
    }

    /** A warning about this setting, worded like an error: {@code <file>: <pointer>: <message>}. */
    public String warning(String message) {
        return warning(pointer(), message);
    }

    /** {@link #warning(String)} at {@code pointer}, for a setting whose place in the file is not this node's. */
    public String warning(String pointer, String message) {
        return place(pointer) + ": " + message;
    }

    /** {@code <file>: <pointer>}: where a setting is, for a message about another one. */
    public String place(String pointer) {
        return file.map(f -> f + ": ").orElse("") + pointer;
    }

    public ConfigNode requireObject() {
        if (!node.isObject()) {
            throw error("must be an object, found " + describe());
        }
        return this;
    }

    public Optional<String> optionalString() {
        if (isMissing()) {
            return Optional.empty();
        }
        if (!node.isTextual()) {
            throw error("must be a string, found " + describe());
        }
        return Optional.of(node.textValue());
    }

    public String string(String fallback) {
        return optionalString().orElse(fallback);
    }

    /** The string as written, which may be blank; see {@link #requiredString()}. */
    public String string() {
        return optionalString().orElseThrow(() -> error("is required"));
    }

    /** The string, which must be there and not blank: an id, a path, a name other settings refer to. */
    public String requiredString() {
        String value = string();
        if (value.isBlank()) {
            throw error("must not be empty");
        }
        return value;
    }

    /**
     * This string as a path, as written. A string that cannot name a file (one with a NUL character, say) is
     * refused here, with this node's pointer.
     */
    public Path path() {
        String text = requiredString();
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw error("is not a usable path: " + e.getReason());
        }
    }

    /** This string as a path, resolved against {@code base} and normalised. */
    public Path path(Path base) {
        return base.resolve(path()).normalize();
    }

    /**
     * A boolean, or a string holding one (a placeholder after substitution): {@code "true"} and {@code "1"} are
     * true, {@code "false"}, {@code "0"} and the empty string (an unset placeholder) false, in any case.
     */
    public boolean bool(boolean fallback) {
        if (isMissing()) {
            return fallback;
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isTextual()) {
            String text = node.textValue().strip().toLowerCase(Locale.ROOT);
            if (text.equals("true") || text.equals("1")) {
                return true;
            }
            if (text.equals("false") || text.equals("0") || text.isEmpty()) {
                return false;
            }
        }
        throw error("must be true or false, found " + describe());
    }

    public long integer(long fallback, long min, long max) {
        return optionalInteger(min, max).orElse(fallback);
    }

    public OptionalLong optionalInteger(long min, long max) {
        if (isMissing()) {
            return OptionalLong.empty();
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
        return OptionalLong.of(value);
    }

    public int positiveInt(int fallback) {
        if (isMissing()) {
            return fallback;
        }
        try {
            return (int) integer(fallback, 1, 1024);
        } catch (ConfigException e) {
            throw error("must be a positive integer, found " + describe());
        }
    }

    public Duration millis(long fallbackMillis) {
        return optionalMillis().orElse(Duration.ofMillis(fallbackMillis));
    }

    public Optional<Duration> optionalMillis() {
        OptionalLong millis = optionalInteger(0, Long.MAX_VALUE / 1_000_000);
        return millis.isPresent() ? Optional.of(Duration.ofMillis(millis.getAsLong())) : Optional.empty();
    }

    /** Bytes: a positive integer, or a string with a unit ({@code 512M}, {@code 4G}); empty when absent. */
    public OptionalLong optionalBytes() {
        if (isMissing()) {
            return OptionalLong.empty();
        }
        long bytes = node.isIntegralNumber() ? node.longValue() : node.isTextual() ? ByteSize.parse(node.textValue()) : -1;
        if (bytes < 1) {
            throw error("must be a size in bytes or with a unit (for example 512M or 4G), found " + describe());
        }
        return OptionalLong.of(bytes);
    }

    public List<ConfigNode> elements() {
        if (isMissing()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw error("must be an array, found " + describe());
        }
        List<ConfigNode> elements = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            elements.add(new ConfigNode(file, node.get(i), pointer + "/" + i, origins));
        }
        return elements;
    }

    /** The properties of this object, in order; empty when absent. */
    public Map<String, ConfigNode> properties() {
        if (isMissing()) {
            return Map.of();
        }
        requireObject();
        Map<String, ConfigNode> properties = new LinkedHashMap<>();
        node.fieldNames().forEachRemaining(key -> properties.put(key, get(key)));
        return properties;
    }

    /** A string or an array of strings, each as written; empty when absent. */
    public List<String> strings() {
        if (!isMissing() && node.isTextual()) {
            return List.of(node.textValue());
        }
        return elements().stream().map(ConfigNode::string).toList();
    }

    /**
     * A string or an array of strings, none of them blank (see {@link #requiredString()}); empty when absent. Every
     * blank element is reported, one line each.
     */
    public List<String> nonBlankStrings() {
        if (!isMissing() && node.isTextual()) {
            return List.of(requiredString());
        }
        List<String> values = new ArrayList<>();
        List<ConfigException> problems = new ArrayList<>();
        for (ConfigNode element : elements()) {
            try {
                values.add(element.requiredString());
            } catch (ConfigException e) {
                problems.add(e);
            }
        }
        ConfigProblems.throwIfAny(problems);
        return values;
    }

    /** An object of scalar values (headers, environment variables), as strings; empty when absent. */
    public Map<String, String> stringMap() {
        Map<String, String> values = new LinkedHashMap<>();
        properties().forEach((key, value) -> {
            if (!value.node.isValueNode() || value.isMissing()) {
                throw value.error("must be a string, number or boolean, found " + value.describe());
            }
            values.put(key, value.node.asText());
        });
        return values;
    }

    /** A free-form object (options passed on as they are), copied; an empty object when absent. */
    public JsonNode object() {
        return isMissing() ? JsonNodeFactory.instance.objectNode() : requireObject().node.deepCopy();
    }

    public String describe() {
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

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    private static String range(long min, long max) {
        if (max == Long.MAX_VALUE || max >= Long.MAX_VALUE / 1_000_000) {
            return "at least " + min;
        }
        return "between " + min + " and " + max;
    }
}
