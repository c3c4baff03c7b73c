package dev.rt.auth.settings;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One object of the configuration, as JDK types (maps, lists, strings, numbers, booleans), with its JSON pointer:
 * typed reads whose errors name the pointer. The schema has checked the types already; these reads still refuse
 * what they do not expect, for configurations built in code.
 */
record Section(String pointer, Map<String, Object> values) {

    static Section of(String pointer, Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            throw new SettingsException(pointer, "must be an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> values = (Map<String, Object>) map;
        return new Section(pointer, values);
    }

    Optional<Section> section(String key) {
        Object value = values.get(key);
        return value == null ? Optional.empty() : Optional.of(of(pointer + "/" + key, value));
    }

    Optional<Object> raw(String key) {
        return Optional.ofNullable(values.get(key));
    }

    Optional<String> string(String key) {
        Object value = values.get(key);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String text) || text.isEmpty()) {
            throw new SettingsException(pointer + "/" + key, "must be a non-empty string");
        }
        return Optional.of(text);
    }

    long millis(String key, long fallback) {
        Object value = values.get(key);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Number number) || number.doubleValue() < 0 || number.doubleValue() % 1 != 0) {
            throw new SettingsException(pointer + "/" + key, "must be a whole number of milliseconds, found " + value);
        }
        return number.longValue();
    }

    boolean flag(String key, boolean fallback) {
        Object value = values.get(key);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Boolean flag)) {
            throw new SettingsException(pointer + "/" + key, "must be true or false, found " + value);
        }
        return flag;
    }

    /** A string or a list of strings, as a list. */
    List<String> strings(String key) {
        Object value = values.get(key);
        if (value == null) {
            return List.of();
        }
        if (value instanceof String text) {
            return List.of(text);
        }
        if (value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return list.stream().map(String.class::cast).toList();
        }
        throw new SettingsException(pointer + "/" + key, "must be a string or a list of strings");
    }

    String at(String key) {
        return pointer + "/" + key;
    }
}
