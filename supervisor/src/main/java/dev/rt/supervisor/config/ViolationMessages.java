package dev.rt.supervisor.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns the validator's errors into messages a person can act on: {@code must be an integer, found "x"},
 * {@code is not a known setting; expected one of ...}. Errors from the branches of an {@code anyOf}/{@code oneOf}
 * are collapsed: the branch that fits the value's type explains the problem, else one line names the forms.
 */
final class ViolationMessages {
    private static final Pattern BRANCH = Pattern.compile("/(anyOf|oneOf)/(\\d+)(?=/|$)");

    private ViolationMessages() {
    }

    static List<Violation> describe(List<Error> errors, JsonNode schemaDocument) {
        List<Error> plain = new ArrayList<>();
        Map<String, Map<Integer, List<Error>>> groups = new LinkedHashMap<>();
        for (Error error : errors) {
            String path = error.getEvaluationPath().toString();
            Matcher matcher = BRANCH.matcher(path);
            int start = -1;
            int branch = -1;
            while (matcher.find()) {
                start = matcher.start();
                branch = Integer.parseInt(matcher.group(2));
            }
            if (start < 0) {
                plain.add(error);
            } else {
                String key = path.substring(0, start) + "@" + pointer(error);
                groups.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(branch, b -> new ArrayList<>()).add(error);
            }
        }
        Set<Violation> out = new LinkedHashSet<>();
        plain.forEach(error -> out.add(one(error, schemaDocument)));
        groups.forEach((key, branches) -> out.addAll(collapse(key.substring(key.indexOf('@') + 1), branches, schemaDocument)));
        return List.copyOf(out);
    }

    private static List<Violation> collapse(String at, Map<Integer, List<Error>> branches, JsonNode schemaDocument) {
        List<Error> all = branches.values().stream().flatMap(List::stream).toList();
        if (all.stream().allMatch(e -> e.getKeyword().equals("required") && pointer(e).equals(at))) {
            String names = all.stream().map(e -> "\"" + e.getProperty() + "\"").distinct().collect(Collectors.joining(", "));
            return List.of(new Violation(at, "needs one of " + names));
        }
        for (List<Error> errors : branches.values()) {
            boolean fitsThisBranch = errors.stream().anyMatch(e -> !(e.getKeyword().equals("type") && pointer(e).equals(at)));
            if (fitsThisBranch) {
                return describe(errors.stream().filter(e -> !(e.getKeyword().equals("type") && pointer(e).equals(at))).toList(),
                        schemaDocument);
            }
        }
        Set<String> expected = new LinkedHashSet<>();
        all.forEach(e -> expected.add(article(String.valueOf(e.getArguments()[1]))));
        return List.of(new Violation(at, "must be " + String.join(" or ", expected) + ", found " + found(all.get(0))));
    }

    private static Violation one(Error error, JsonNode schemaDocument) {
        String at = pointer(error);
        return switch (error.getKeyword()) {
            case "type" -> new Violation(at, "must be " + article(String.valueOf(error.getArguments()[1]))
                    + ", found " + found(error));
            case "required" -> new Violation(at + "/" + error.getProperty(), "is required");
            case "additionalProperties" -> new Violation(at + "/" + error.getProperty(),
                    "is not a known setting" + known(error, schemaDocument));
            case "enum" -> new Violation(at, "must be one of " + values(error.getSchemaNode()) + ", found " + found(error));
            case "minimum" -> new Violation(at, "must be at least " + error.getSchemaNode() + ", found " + found(error));
            case "maximum" -> new Violation(at, "must be at most " + error.getSchemaNode() + ", found " + found(error));
            case "exclusiveMinimum" -> new Violation(at, "must be greater than " + error.getSchemaNode() + ", found " + found(error));
            case "pattern" -> new Violation(at, "does not have the expected form (" + error.getSchemaNode().asText()
                    + "), found " + found(error));
            case "oneOf" -> new Violation(at, "matches several of the allowed forms; keep exactly one");
            default -> new Violation(at, error.getMessage() + ", found " + found(error));
        };
    }

    private static String known(Error error, JsonNode schemaDocument) {
        String fragment = error.getSchemaLocation().getFragment().toString();
        int slash = fragment.lastIndexOf('/');
        JsonNode properties = schemaDocument.at(slash <= 0 ? "" : fragment.substring(0, slash)).path("properties");
        List<String> names = new ArrayList<>();
        properties.fieldNames().forEachRemaining(names::add);
        return names.isEmpty() ? "" : "; expected one of " + String.join(", ", names);
    }

    private static String pointer(Error error) {
        return error.getInstanceLocation().toString();
    }

    private static String found(Error error) {
        JsonNode value = error.getInstanceNode();
        if (value == null || value.isMissingNode()) {
            return "nothing";
        }
        if (value.isTextual()) {
            String text = value.textValue();
            return "\"" + (text.length() > 80 ? text.substring(0, 77) + "..." : text) + "\"";
        }
        if (value.isArray()) {
            return "an array";
        }
        return value.isObject() ? "an object" : value.toString();
    }

    private static String values(JsonNode enumNode) {
        List<String> values = new ArrayList<>();
        enumNode.forEach(v -> values.add(v.toString()));
        return String.join(", ", values);
    }

    static String article(String type) {
        return switch (type) {
            case "integer", "object", "array" -> "an " + type;
            case "null" -> "null";
            default -> "a " + type;
        };
    }
}
