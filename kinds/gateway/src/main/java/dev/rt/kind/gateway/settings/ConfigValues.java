package dev.rt.kind.gateway.settings;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reading a configuration, which arrives validated and with its defaults as JDK JSON values ({@code Map},
 * {@code List}, {@code String}, {@code Boolean}, {@code Long}/{@code Double}).
 */
public final class ConfigValues {
    private ConfigValues() {
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(Object value) {
        return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    public static Map<String, Object> object(Map<String, Object> parent, String key) {
        return object(parent.get(key));
    }

    @SuppressWarnings("unchecked")
    public static List<Object> list(Object value) {
        return value instanceof List<?> list ? (List<Object>) list : List.of();
    }

    public static Optional<String> string(Map<String, Object> parent, String key) {
        return parent.get(key) instanceof String text ? Optional.of(text) : Optional.empty();
    }

    public static long number(Map<String, Object> parent, String key, long otherwise) {
        return parent.get(key) instanceof Number number ? number.longValue() : otherwise;
    }

    public static boolean flag(Map<String, Object> parent, String key, boolean otherwise) {
        return parent.get(key) instanceof Boolean bool ? bool : otherwise;
    }
}
