package dev.rt.kind.service.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Prepares a request part for validation as the reference's validator does before it checks types: fills in
 * {@code default}s, removes the properties a schema forbids (per {@code removeAdditional}), and coerces values whose
 * type the schema does not allow to the first allowed type they convert to, in the order the schema lists its types:
 * to a number or integer from a numeric string, a boolean or null; to a string from a number or boolean (null becomes
 * {@code ""}); to a boolean from {@code "true"}/{@code "false"}, 1/0 or null; to null from {@code ""}, 0 or false;
 * and, with array coercion, to a one-element array from a scalar, or from a one-element array to its element.
 * Follows {@code properties}, {@code additionalProperties}, {@code items}, {@code prefixItems}, {@code allOf} and
 * local {@code $ref}s. Objects and arrays of the input are modified in place.
 */
final class Coercion {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final JsonNode root;
    private final ValidationOptions options;

    Coercion(JsonNode rootSchema, ValidationOptions options) {
        this.root = rootSchema;
        this.options = options;
    }

    JsonNode apply(JsonNode data) {
        return coerce(root, data == null ? NullNode.getInstance() : data, 0);
    }

    private JsonNode coerce(JsonNode schema, JsonNode data, int depth) {
        if (!schema.isObject() || depth > 64) {
            return data;
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual() && ref.textValue().startsWith("#")) {
            JsonNode target = root.at(ref.textValue().substring(1));
            if (!target.isMissingNode()) {
                data = coerce(target, data, depth + 1);
            }
        }
        List<String> types = types(schema);
        if (!types.isEmpty() && !matches(types, data) && options.coerceTypes() != ValidationOptions.Coercion.NONE) {
            data = toTypes(types, data);
        }
        if (data.isObject()) {
            object(schema, (ObjectNode) data, depth);
        } else if (data.isArray()) {
            array(schema, (ArrayNode) data, depth);
        }
        for (JsonNode sub : schema.path("allOf")) {
            data = coerce(sub, data, depth + 1);
        }
        return data;
    }

    private void object(JsonNode schema, ObjectNode data, int depth) {
        JsonNode properties = schema.path("properties");
        if (options.useDefaults()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> property = it.next();
                if (!data.has(property.getKey()) && property.getValue().has("default")) {
                    data.set(property.getKey(), property.getValue().get("default").deepCopy());
                }
            }
        }
        JsonNode additional = schema.get("additionalProperties");
        boolean removeForbidden = additional != null && additional.isBoolean() && !additional.booleanValue()
                && !options.removeAdditional().equals("false");
        boolean removeAll = options.removeAdditional().equals("all");
        List<String> names = new ArrayList<>();
        data.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode sub = properties.get(name);
            if (sub != null) {
                data.set(name, coerce(sub, data.get(name), depth + 1));
            } else if (!matchesPattern(schema, name)) {
                if (removeForbidden || removeAll) {
                    data.remove(name);
                } else if (additional != null && additional.isObject()) {
                    data.set(name, coerce(additional, data.get(name), depth + 1));
                }
            }
        }
    }

    private static boolean matchesPattern(JsonNode schema, String name) {
        for (Iterator<String> it = schema.path("patternProperties").fieldNames(); it.hasNext(); ) {
            if (Pattern.compile(it.next()).matcher(name).find()) {
                return true;
            }
        }
        return false;
    }

    private void array(JsonNode schema, ArrayNode data, int depth) {
        JsonNode prefix = schema.path("prefixItems");
        JsonNode items = schema.get("items");
        for (int i = 0; i < data.size(); i++) {
            JsonNode sub = i < prefix.size() ? prefix.get(i) : items;
            if (sub != null && sub.isObject()) {
                data.set(i, coerce(sub, data.get(i), depth + 1));
            }
        }
    }

    static List<String> types(JsonNode schema) {
        List<String> types = new ArrayList<>();
        JsonNode type = schema.get("type");
        if (type != null && type.isTextual()) {
            types.add(type.textValue());
        } else if (type != null && type.isArray()) {
            type.forEach(t -> types.add(t.asText()));
        }
        if (schema.path("nullable").asBoolean(false) && !types.isEmpty() && !types.contains("null")) {
            types.add("null");
        }
        return types;
    }

    static boolean matches(List<String> types, JsonNode data) {
        for (String type : types) {
            boolean ok = switch (type) {
                case "string" -> data.isTextual();
                case "number" -> data.isNumber();
                case "integer" -> data.isIntegralNumber() || (data.isNumber() && data.doubleValue() % 1 == 0);
                case "boolean" -> data.isBoolean();
                case "null" -> data.isNull();
                case "array" -> data.isArray();
                case "object" -> data.isObject();
                default -> false;
            };
            if (ok) {
                return true;
            }
        }
        return false;
    }

    private JsonNode toTypes(List<String> types, JsonNode data) {
        JsonNode value = data;
        if (options.coerceTypes() == ValidationOptions.Coercion.ARRAYS && value.isArray() && value.size() == 1) {
            value = value.get(0);
            if (matches(types, value)) {
                return value;
            }
        }
        for (String type : types) {
            JsonNode coerced = to(type, value);
            if (coerced != null) {
                return coerced;
            }
        }
        return value == data ? data : value;
    }

    private JsonNode to(String type, JsonNode data) {
        switch (type) {
            case "string":
                if (data.isNumber() || data.isBoolean()) {
                    return NODES.textNode(data.isNumber() ? JsNumbers.toText(data) : data.asText());
                }
                return data.isNull() ? NODES.textNode("") : null;
            case "number":
            case "integer":
                Double number = null;
                if (data.isBoolean()) {
                    number = data.booleanValue() ? 1.0 : 0.0;
                } else if (data.isNull()) {
                    number = 0.0;
                } else if (data.isTextual()) {
                    number = JsNumbers.parse(data.textValue());
                }
                if (number == null || (type.equals("integer") && number % 1 != 0)) {
                    return null;
                }
                return JsNumbers.node(number);
            case "boolean":
                if (data.isNull() || (data.isTextual() && data.textValue().equals("false"))
                        || (data.isNumber() && data.doubleValue() == 0)) {
                    return BooleanNode.FALSE;
                }
                return (data.isTextual() && data.textValue().equals("true")) || (data.isNumber()
                        && data.doubleValue() == 1) ? BooleanNode.TRUE : null;
            case "null":
                return (data.isTextual() && data.textValue().isEmpty()) || (data.isNumber() && data.doubleValue() == 0)
                        || (data.isBoolean() && !data.booleanValue()) ? NullNode.getInstance() : null;
            case "array":
                if (options.coerceTypes() == ValidationOptions.Coercion.ARRAYS && (data.isValueNode() || data.isNull())) {
                    return NODES.arrayNode().add(data);
                }
                return null;
            default:
                return null;
        }
    }
}
