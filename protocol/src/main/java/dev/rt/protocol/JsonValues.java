package dev.rt.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON tree as the JDK types the kind SPI speaks: {@code Map<String, Object>} (in document order),
 * {@code List<Object>}, {@code String}, {@code Boolean}, {@code Long} or {@code Double} ({@code BigInteger} and
 * {@code BigDecimal} beyond them) and {@code null}, all unmodifiable.
 */
public final class JsonValues {
    private JsonValues() {
    }

    /** An object's fields; an empty map for anything that is not an object. */
    public static Map<String, Object> object(JsonNode node) {
        return node != null && node.isObject() ? castObject(value(node)) : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castObject(Object value) {
        return (Map<String, Object>) value;
    }

    /** The value of any node; a missing node is {@code null}. */
    public static Object value(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isObject()) {
            Map<String, Object> fields = new LinkedHashMap<>();
            node.properties().forEach(field -> fields.put(field.getKey(), value(field.getValue())));
            return Collections.unmodifiableMap(fields);
        }
        if (node.isArray()) {
            List<Object> elements = new ArrayList<>(node.size());
            node.forEach(element -> elements.add(value(element)));
            return Collections.unmodifiableList(elements);
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
        }
        if (node.isFloatingPointNumber()) {
            return node.isBigDecimal() ? node.decimalValue() : (Object) node.doubleValue();
        }
        return node.asText();
    }
}
