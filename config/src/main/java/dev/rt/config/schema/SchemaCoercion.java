package dev.rt.config.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * Turns strings into the numbers and booleans the schema expects ({@code "workers": "{RT_WORKERS}"} becomes
 * {@code 3}), in place. A string is coerced only where the schema admits a number, integer or boolean and
 * not a string; one that does not parse is left alone for validation to report.
 */
final class SchemaCoercion {
    private final SchemaNavigator navigator;

    SchemaCoercion(SchemaNavigator navigator) {
        this.navigator = navigator;
    }

    void apply(JsonNode instance, JsonNode schema) {
        if (instance instanceof ObjectNode object) {
            navigator.objectSchema(schema).ifPresent(objectSchema -> object.fieldNames().forEachRemaining(name -> {
                Optional<JsonNode> property = navigator.property(objectSchema, name);
                property.ifPresent(p -> coerceChild(object.get(name), p, value -> object.set(name, value)));
            }));
        } else if (instance instanceof ArrayNode array) {
            navigator.arraySchema(schema).map(s -> s.path("items")).filter(JsonNode::isObject).ifPresent(items -> {
                for (int i = 0; i < array.size(); i++) {
                    int index = i;
                    coerceChild(array.get(i), items, value -> array.set(index, value));
                }
            });
        }
    }

    private void coerceChild(JsonNode value, JsonNode schema, java.util.function.Consumer<JsonNode> replace) {
        if (value.isTextual()) {
            coerce(value.textValue(), navigator.types(schema)).ifPresent(replace);
        } else {
            apply(value, schema);
        }
    }

    static Optional<JsonNode> coerce(String text, List<String> types) {
        if (types.isEmpty() || types.contains("string")) {
            return Optional.empty();
        }
        String value = text.strip();
        if (types.contains("integer") && value.matches("-?\\d{1,18}")) {
            return Optional.of(LongNode.valueOf(Long.parseLong(value)));
        }
        if (types.contains("number") && value.matches("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?")) {
            return Optional.of(DecimalNode.valueOf(new BigDecimal(value)));
        }
        if (types.contains("boolean") && (value.equals("true") || value.equals("false"))) {
            return Optional.of(BooleanNode.valueOf(value.equals("true")));
        }
        return Optional.empty();
    }
}
