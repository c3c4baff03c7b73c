package dev.rt.kind.service.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.path.NodePath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Validation errors as the reference's validator reports them: ordered as it evaluates (the type first, then the
 * keywords that apply to any type, then those of numbers, strings, arrays and objects, properties in the order the
 * schema lists them, a combinator's branch errors before the combinator's own), worded its way
 * ({@code must have required property 'title'}), and cut after the first one unless all errors are asked for.
 */
final class AjvErrors {
    private static final List<String> ORDER = List.of("type", "$ref", "const", "enum", "not", "anyOf", "oneOf", "allOf",
            "if", "then", "else", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf",
            "maxLength", "minLength", "pattern", "format", "maxItems", "minItems", "uniqueItems", "prefixItems", "items",
            "contains", "maxProperties", "minProperties", "required", "dependentRequired", "propertyNames",
            "additionalProperties", "dependencies", "dependentSchemas", "properties", "patternProperties",
            "unevaluatedItems", "unevaluatedProperties");

    /** One error: where in the request part ({@code /title}, "" for the part itself) and what. */
    record Reported(String instancePath, String message) {
    }

    private AjvErrors() {
    }

    static List<Reported> report(List<Error> errors, JsonNode schema, boolean all) {
        List<Error> sorted = new ArrayList<>(errors);
        sorted.sort(order(schema));
        List<Reported> reported = new ArrayList<>();
        for (Error error : sorted) {
            reported.add(new Reported(Pointers.of(error.getInstanceLocation()), message(error)));
            if (!all && !insideCombinator(error)) {
                break;
            }
        }
        return reported;
    }

    private static boolean insideCombinator(Error error) {
        NodePath path = error.getEvaluationPath();
        for (int i = 0; i < path.getNameCount() - 1; i++) {
            String name = String.valueOf(path.getElement(i));
            if (name.equals("anyOf") || name.equals("oneOf")) {
                return true;
            }
        }
        return false;
    }

    private static Comparator<Error> order(JsonNode schema) {
        return (a, b) -> {
            NodePath pa = a.getEvaluationPath();
            NodePath pb = b.getEvaluationPath();
            JsonNode at = schema;
            String previous = "";
            int n = Math.min(pa.getNameCount(), pb.getNameCount());
            for (int i = 0; i < n; i++) {
                String sa = String.valueOf(pa.getElement(i));
                String sb = String.valueOf(pb.getElement(i));
                if (!sa.equals(sb)) {
                    return Integer.compare(rank(at, previous, sa), rank(at, previous, sb));
                }
                at = at == null ? null : at.isArray() && sa.matches("\\d+") ? at.get(Integer.parseInt(sa)) : at.get(sa);
                previous = sa;
            }
            if (pa.getNameCount() != pb.getNameCount()) {
                return Integer.compare(pb.getNameCount(), pa.getNameCount()); // deeper first: branches before combinator
            }
            int byInstance = Pointers.of(a.getInstanceLocation()).compareTo(Pointers.of(b.getInstanceLocation()));
            if (byInstance != 0) {
                return byInstance;
            }
            return Integer.compare(requiredIndex(a), requiredIndex(b));
        };
    }

    /** Where {@code segment} sorts among its siblings in {@code parent}, the node it indexes into. */
    private static int rank(JsonNode parent, String previous, String segment) {
        if (parent != null && parent.isObject() && (previous.equals("properties") || previous.equals("patternProperties"))) {
            int index = 0;
            for (var it = parent.fieldNames(); it.hasNext(); index++) {
                if (it.next().equals(segment)) {
                    return index;
                }
            }
            return index;
        }
        if (segment.matches("\\d+")) {
            return Integer.parseInt(segment);
        }
        int index = ORDER.indexOf(segment);
        return index < 0 ? ORDER.size() : index;
    }

    private static int requiredIndex(Error error) {
        if (!error.getKeyword().equals("required") || error.getProperty() == null) {
            return 0;
        }
        JsonNode required = error.getSchemaNode();
        for (int i = 0; required != null && i < required.size(); i++) {
            if (required.get(i).asText().equals(error.getProperty())) {
                return i;
            }
        }
        return 0;
    }

    static String message(Error error) {
        JsonNode schema = error.getSchemaNode();
        String value = schema == null ? "" : schema.isTextual() ? schema.textValue() : String.valueOf(schema);
        return switch (error.getKeyword()) {
            case "type" -> "must be " + (schema != null && schema.isArray() ? joined(schema) : value);
            case "required" -> "must have required property '" + error.getProperty() + "'";
            case "additionalProperties" -> "must NOT have additional properties";
            case "minLength" -> "must NOT have fewer than " + value + " characters";
            case "maxLength" -> "must NOT have more than " + value + " characters";
            case "minimum" -> "must be >= " + value;
            case "maximum" -> "must be <= " + value;
            case "exclusiveMinimum" -> "must be > " + value;
            case "exclusiveMaximum" -> "must be < " + value;
            case "multipleOf" -> "must be multiple of " + value;
            case "pattern" -> "must match pattern \"" + value + "\"";
            case "format" -> "must match format \"" + value + "\"";
            case "enum" -> "must be equal to one of the allowed values";
            case "const" -> "must be equal to constant";
            case "minItems" -> "must NOT have fewer than " + value + " items";
            case "maxItems" -> "must NOT have more than " + value + " items";
            case "uniqueItems" -> "must NOT have duplicate items";
            case "minProperties" -> "must NOT have fewer than " + value + " properties";
            case "maxProperties" -> "must NOT have more than " + value + " properties";
            case "anyOf" -> "must match a schema in anyOf";
            case "oneOf" -> "must match exactly one schema in oneOf";
            case "not" -> "must NOT be valid";
            case "contains" -> "must contain at least 1 valid item(s)";
            case "propertyNames" -> "property name must be valid";
            case "dependentRequired" -> "must have property " + details(error) + " when property "
                    + error.getProperty() + " is present";
            default -> error.getMessage().replaceFirst("^\\S*: ", "");
        };
    }

    private static String joined(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.asText()));
        return String.join(",", names);
    }

    private static String details(Error error) {
        Map<String, Object> details = error.getDetails();
        Object[] arguments = error.getArguments();
        if (details != null && !details.isEmpty()) {
            return String.valueOf(details.values().iterator().next());
        }
        return arguments != null && arguments.length > 1 ? String.valueOf(arguments[1]) : "";
    }
}
