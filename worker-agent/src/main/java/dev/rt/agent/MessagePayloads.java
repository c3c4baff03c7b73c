package dev.rt.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;

/**
 * Message payloads and replies from JDK values to JSON: {@code Map} with string keys, {@code Collection},
 * {@code String}, {@code Character}, {@code Number}, {@code Boolean} and {@code null}. Anything else is refused
 * with the path to it, rather than serialised the way the agent's own JSON library would see fit.
 */
final class MessagePayloads {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private MessagePayloads() {
    }

    static JsonNode toJson(Object value) {
        return toJson(value, "payload");
    }

    private static JsonNode toJson(Object value, String path) {
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof String || value instanceof Character) {
            return NODES.textNode(value.toString());
        }
        if (value instanceof Boolean bool) {
            return NODES.booleanNode(bool);
        }
        if (value instanceof Number number) {
            return number(number, path);
        }
        if (value instanceof Map<?, ?> map) {
            ObjectNode object = NODES.objectNode();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!(entry.getKey() instanceof String key)) {
                    throw new IllegalArgumentException(path + " has a key that is not a string: " + entry.getKey());
                }
                object.set(key, toJson(entry.getValue(), path + "." + key));
            }
            return object;
        }
        if (value instanceof Collection<?> collection) {
            ArrayNode array = NODES.arrayNode();
            int index = 0;
            for (Object element : collection) {
                array.add(toJson(element, path + "[" + index++ + "]"));
            }
            return array;
        }
        throw new IllegalArgumentException(path + " is a " + value.getClass().getName() + ", which is not a JSON value"
                + " (use a Map, a List, a String, a Number, a Boolean or null)");
    }

    private static JsonNode number(Number number, String path) {
        if (number instanceof Integer || number instanceof Long || number instanceof Short || number instanceof Byte) {
            return NODES.numberNode(number.longValue());
        }
        if (number instanceof BigInteger big) {
            return NODES.numberNode(big);
        }
        if (number instanceof BigDecimal decimal) {
            return NODES.numberNode(decimal);
        }
        double d = number.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException(path + " is " + d + ", which JSON cannot hold");
        }
        return NODES.numberNode(d);
    }
}
