package dev.rt.kind.service.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;

/** Jackson trees as the values Vert.x handlers read: {@code JsonObject}, {@code JsonArray}, strings, numbers. */
final class VertxJson {
    private VertxJson() {
    }

    @SuppressWarnings("unchecked")
    static Object from(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        Object value = JsonSchemas.MAPPER.convertValue(node, Object.class);
        if (value instanceof Map<?, ?> map) {
            return new JsonObject((Map<String, Object>) map);
        }
        if (value instanceof List<?> list) {
            return new JsonArray((List<Object>) list);
        }
        return value;
    }

    static JsonObject object(JsonNode node) {
        return from(node) instanceof JsonObject object ? object : new JsonObject();
    }
}
