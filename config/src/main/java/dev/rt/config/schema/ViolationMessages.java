package dev.rt.config.schema;

import static dev.rt.config.schema.KeywordMessages.article;
import static dev.rt.config.schema.KeywordMessages.found;
import static dev.rt.config.schema.KeywordMessages.pointer;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
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
 * Turns the validator's errors into the violations rt reports, one per problem: errors from the branches of an
 * {@code anyOf}/{@code oneOf} are collapsed (the branch that fits the value's type explains the problem, else one line
 * names the forms), and every other error says what its keyword says ({@link KeywordMessages}).
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
        Map<String, Integer> groupEnds = new HashMap<>();
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
        Set<String> explained = new HashSet<>();
        groups.keySet().forEach(key -> explained.add(key.substring(key.indexOf('@') + 1)));
        // "valid against several of oneOf" (java's build and main): the branches that failed do not say why
        Set<String> several = new HashSet<>();
        plain.stream().filter(error -> error.getKeyword().equals("oneOf") && formsPresent(error) > 1)
                .forEach(error -> several.add(pointer(error)));
        Set<Violation> out = new LinkedHashSet<>();
        plain.stream()
                // "valid against none of oneOf": the branches' own errors, collapsed below, say why
                .filter(error -> !(error.getKeyword().equals("oneOf") && explained.contains(pointer(error))
                        && !several.contains(pointer(error))))
                .forEach(error -> out.add(KeywordMessages.of(error, schemaDocument)));
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
        return String.join("/", Arrays.copyOfRange(instance, 0, Math.min(instance.length, depth + 1)));
    }

    private static List<Violation> collapse(String at, Map<Integer, List<Error>> branches, JsonNode schemaDocument, int end) {
        List<Error> all = branches.values().stream().flatMap(List::stream).toList();
        if (all.stream().allMatch(e -> e.getKeyword().equals("required") && pointer(e).equals(at))) {
            String names = all.stream().map(e -> "\"" + e.getProperty() + "\"").distinct().collect(Collectors.joining(", "));
            return List.of(new Violation(at, "needs one of " + names));
        }
        List<List<Error>> candidates = new ArrayList<>();
        // a branch whose type the value has explains best; one without a type of its own comes next
        branches.values().stream().filter(errors -> errors.stream().noneMatch(e -> isTypeAt(e, at))).forEach(candidates::add);
        candidates.addAll(branches.values());
        for (List<Error> errors : candidates) {
            boolean fitsThisBranch = errors.stream().anyMatch(e -> !isTypeAt(e, at));
            if (fitsThisBranch) {
                return describe(errors.stream().filter(e -> !isTypeAt(e, at)).toList(),
                        schemaDocument, end);
            }
        }
        Set<String> expected = new LinkedHashSet<>();
        all.forEach(e -> expected.add(article(String.valueOf(e.getArguments()[1]))));
        return List.of(new Violation(at, "must be " + String.join(" or ", expected) + ", found " + found(all.get(0))));
    }

    private static boolean isTypeAt(Error error, String at) {
        return error.getKeyword().equals("type") && pointer(error).equals(at);
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
}
