package dev.rt.config.schema;

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
        return describe(errors, schemaDocument, 0);
    }

    /**
     * Groups errors by the outermost {@code anyOf}/{@code oneOf} at or after {@code from} in their evaluation path;
     * a group's chosen branch is described again from just past that branch, so nested combinators work too.
     */
    private static List<Violation> describe(List<Error> errors, JsonNode schemaDocument, int from) {
        List<Error> plain = new ArrayList<>();
        Map<String, Map<Integer, List<Error>>> groups = new LinkedHashMap<>();
        Map<String, Integer> groupEnds = new java.util.HashMap<>();
        for (Error error : errors) {
            String path = error.getEvaluationPath().toString();
            Matcher matcher = BRANCH.matcher(path);
            if (from > path.length() || !matcher.find(from)) {
                plain.add(error);
            } else {
                String key = path.substring(0, matcher.start()) + "@" + instanceAt(path, matcher.start(), error);
                groupEnds.put(key, matcher.end());
                groups.computeIfAbsent(key, k -> new TreeMap<>())
                        .computeIfAbsent(Integer.parseInt(matcher.group(2)), b -> new ArrayList<>()).add(error);
            }
        }
        Set<String> explained = new java.util.HashSet<>();
        groups.keySet().forEach(key -> explained.add(key.substring(key.indexOf('@') + 1)));
        // "valid against several of oneOf" (java's build and main): the branches that failed do not say why
        Set<String> several = new java.util.HashSet<>();
        plain.stream().filter(error -> error.getKeyword().equals("oneOf") && formsPresent(error) > 1)
                .forEach(error -> several.add(pointer(error)));
        Set<Violation> out = new LinkedHashSet<>();
        plain.stream()
                // "valid against none of oneOf": the branches' own errors, collapsed below, say why
                .filter(error -> !(error.getKeyword().equals("oneOf") && explained.contains(pointer(error))
                        && !several.contains(pointer(error))))
                .forEach(error -> out.add(one(error, schemaDocument)));
        groups.forEach((key, branches) -> {
            String at = key.substring(key.indexOf('@') + 1);
            if (!several.contains(at)) {
                out.addAll(collapse(at, branches, schemaDocument, groupEnds.get(key)));
            }
        });
        return List.copyOf(out);
    }

    /**
     * The instance location a combinator applies to: the error's location cut to as many levels as the evaluation
     * path descends into the instance before the combinator ({@code properties/x}, {@code items}, ...).
     */
    private static String instanceAt(String path, int combinatorStart, Error error) {
        String[] segments = path.substring(0, combinatorStart).split("/");
        int depth = 0;
        for (int i = 0; i < segments.length; i++) {
            switch (segments[i]) {
                case "properties", "patternProperties", "prefixItems" -> {
                    i++;
                    depth++;
                }
                case "items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "contains" -> depth++;
                default -> { }
            }
        }
        String[] instance = pointer(error).split("/", -1);
        return String.join("/", java.util.Arrays.copyOfRange(instance, 0, Math.min(instance.length, depth + 1)));
    }

    private static List<Violation> collapse(String at, Map<Integer, List<Error>> branches, JsonNode schemaDocument, int end) {
        List<Error> all = branches.values().stream().flatMap(List::stream).toList();
        if (all.stream().allMatch(e -> e.getKeyword().equals("required") && pointer(e).equals(at))) {
            String names = all.stream().map(e -> "\"" + e.getProperty() + "\"").distinct().collect(Collectors.joining(", "));
            return List.of(new Violation(at, "needs one of " + names));
        }
        for (List<Error> errors : branches.values()) {
            boolean fitsThisBranch = errors.stream().anyMatch(e -> !(e.getKeyword().equals("type") && pointer(e).equals(at)));
            if (fitsThisBranch) {
                return describe(errors.stream().filter(e -> !(e.getKeyword().equals("type") && pointer(e).equals(at))).toList(),
                        schemaDocument, end);
            }
        }
        Set<String> expected = new LinkedHashSet<>();
        all.forEach(e -> expected.add(article(String.valueOf(e.getArguments()[1]))));
        return List.of(new Violation(at, "must be " + String.join(" or ", expected) + ", found " + found(all.get(0))));
    }

    private static Violation one(Error error, JsonNode schemaDocument) {
        String at = pointer(error);
        return switch (error.getKeyword()) {
            case "type" -> new Violation(at, "must be " + expectedType(error, schemaDocument) + ", found " + found(error));
            case "required" -> new Violation(at + "/" + error.getProperty(), "is required");
            case "additionalProperties" -> new Violation(at + "/" + error.getProperty(),
                    "is not a known setting" + known(error, schemaDocument));
            case "enum" -> new Violation(at, "must be one of " + values(error.getSchemaNode()) + ", found " + found(error));
            case "minimum" -> new Violation(at, "must be at least " + error.getSchemaNode() + ", found " + found(error));
            case "maximum" -> new Violation(at, "must be at most " + error.getSchemaNode() + ", found " + found(error));
            case "exclusiveMinimum" -> new Violation(at, "must be greater than " + error.getSchemaNode() + ", found " + found(error));
            case "minLength" -> new Violation(at, (error.getSchemaNode().asInt() == 1 ? "must not be empty"
                    : "must have at least " + error.getSchemaNode() + " characters") + ", found " + found(error));
            case "pattern" -> new Violation(at, "does not have the expected form (" + error.getSchemaNode().asText()
                    + "), found " + found(error));
            case "oneOf" -> new Violation(at, severalForms(error));
            default -> new Violation(at, error.getMessage() + ", found " + found(error));
        };
    }

    /**
     * A value valid against several {@code oneOf} branches. Where each branch only requires one key (java's build,
     * jar, main), the message names the keys present and the ones allowed.
     */
    private static String severalForms(Error error) {
        List<String> keys = new ArrayList<>();
        for (JsonNode branch : error.getSchemaNode()) {
            if (branch.size() != 1 || branch.path("required").size() != 1) {
                return "matches several of the allowed forms; keep exactly one";
            }
            keys.add("\"" + branch.get("required").get(0).asText() + "\"");
        }
        JsonNode value = error.getInstanceNode();
        List<String> present = keys.stream().filter(key -> value != null && value.has(key.substring(1, key.length() - 1))).toList();
        return "has " + String.join(" and ", present) + "; keep exactly one of " + String.join(", ", keys);
    }

    /** How many of a {@code oneOf}'s one-key branches ({@code {"required": [key]}}) the value has the key of. */
    private static long formsPresent(Error error) {
        JsonNode value = error.getInstanceNode();
        long present = 0;
        for (JsonNode branch : error.getSchemaNode()) {
            JsonNode required = branch.path("required");
            if (branch.size() == 1 && required.size() == 1 && value != null && value.has(required.get(0).asText())) {
                present++;
            }
        }
        return present;
    }

    /** "an integer", or "a positive integer" where the schema also says minimum 1. */
    private static String expectedType(Error error, JsonNode schemaDocument) {
        String type = String.valueOf(error.getArguments()[1]);
        JsonNode minimum = keywordParent(error, schemaDocument).path("minimum");
        if (type.equals("integer") && minimum.isNumber()) {
            if (minimum.asLong() == 1) {
                return "a positive integer";
            }
            if (minimum.asLong() == 0) {
                return "a non-negative integer";
            }
        }
        return article(type);
    }

    /** The schema object holding the keyword that failed. */
    private static JsonNode keywordParent(Error error, JsonNode schemaDocument) {
        String fragment = error.getSchemaLocation().getFragment().toString();
        int slash = fragment.lastIndexOf('/');
        return schemaDocument.at(slash <= 0 ? "" : fragment.substring(0, slash));
    }

    private static String known(Error error, JsonNode schemaDocument) {
        JsonNode properties = keywordParent(error, schemaDocument).path("properties");
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
