package dev.rt.config.env;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.rt.kind.mesh.MeshHost;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Replaces {@code {NAME}} placeholders inside every string value of a configuration tree by environment
 * variables. An unset variable gives the empty string (and is recorded as missing). {@code {RT_<ID>_URL}}
 * resolves to {@code http://<id>.rt.local} for a service that exists, unless the variable is set.
 * One pass only: a value that itself contains braces is not expanded again, so there are no loops.
 * {@code \{NAME}} is a literal {@code {NAME}}; {@code ${NAME}} is left as it is, for the application's own
 * configuration syntax. In what a worker receives ({@link WorkerPlaceholders}), the worker placeholders stay for
 * the launch, and so do the escapes.
 */
public final class PlaceholderResolver {
    private static final Pattern PLACEHOLDER = WorkerPlaceholders.PLACEHOLDER;

    private final Map<String, String> env;
    private final Predicate<String> workerValueAt;
    private final Map<String, String> serviceUrls = new java.util.HashMap<>();
    private final Set<String> missing = new TreeSet<>();
    private final Set<String> fellBack = new TreeSet<>();
    private final Map<String, Set<String>> sources = new java.util.HashMap<>();
    private String pointer = "";

    /**
     * @param env        variables by precedence already merged (the real environment beats .env files)
     * @param serviceIds ids of the runtime's services, for {@code RT_<ID>_URL}
     */
    public PlaceholderResolver(Map<String, String> env, Collection<String> serviceIds) {
        this(env, serviceIds, pointer -> false);
    }

    /**
     * @param workerValueAt whether the string at a JSON pointer is something a worker receives, where the worker
     *                      placeholders wait for the launch ({@link WorkerPlaceholders#workerValueAt} for a runtime
     *                      configuration)
     */
    public PlaceholderResolver(Map<String, String> env, Collection<String> serviceIds, Predicate<String> workerValueAt) {
        this.env = Map.copyOf(env);
        this.workerValueAt = workerValueAt;
        for (String id : serviceIds) {
            serviceUrls.put("RT_" + id.toUpperCase(Locale.ROOT).replace('-', '_') + "_URL", MeshHost.url(id));
        }
    }

    /** A copy of {@code tree} with every placeholder replaced; {@link #sources} tells which value came from which variable. */
    public JsonNode resolve(JsonNode tree) {
        return resolveAt(tree, "");
    }

    private JsonNode resolveAt(JsonNode tree, String at) {
        if (tree.isTextual()) {
            pointer = at;
            return TextNode.valueOf(resolve(tree.textValue(), workerValueAt.test(at)));
        }
        if (tree.isObject()) {
            ObjectNode copy = ((ObjectNode) tree).objectNode();
            tree.fields().forEachRemaining(field -> copy.set(field.getKey(),
                    resolveAt(field.getValue(), at + "/" + field.getKey().replace("~", "~0").replace("/", "~1"))));
            return copy;
        }
        if (tree.isArray()) {
            ArrayNode copy = ((ArrayNode) tree).arrayNode();
            for (int i = 0; i < tree.size(); i++) {
                copy.add(resolveAt(tree.get(i), at + "/" + i));
            }
            return copy;
        }
        return tree;
    }

    /** The variables whose values make up the string at {@code pointer} (empty when it had no placeholder). */
    Set<String> sources(String pointer) {
        return sources.getOrDefault(pointer, Set.of());
    }

    String resolve(String value) {
        return resolve(value, false);
    }

    private String resolve(String value, boolean template) {
        if (value.indexOf('{') < 0) {
            return value;
        }
        Matcher matcher = PLACEHOLDER.matcher(value);
        StringBuilder out = new StringBuilder(value.length());
        while (matcher.find()) {
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement(matcher, template)));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private String replacement(Matcher matcher, boolean template) {
        String name = matcher.group(3);
        if (matcher.group(2) != null) {
            return matcher.group(); // ${NAME}: the application's own syntax
        }
        if (template && WorkerPlaceholders.isWorkerName(name)) {
            return matcher.group(); // the worker's value, or its escape, when it is launched
        }
        if (matcher.group(1) != null) {
            return "{" + name + "}"; // an escape
        }
        String found = lookup(name);
        return template ? WorkerPlaceholders.literal(found) : found;
    }

    private String lookup(String name) {
        sources.computeIfAbsent(pointer, p -> new TreeSet<>()).add(name);
        String value = env.get(name);
        if (value != null) {
            return value;
        }
        String url = serviceUrls.get(name);
        if (url != null) {
            fellBack.add(name);
            return url;
        }
        missing.add(name);
        return "";
    }

    /** Variables referenced but not set, sorted. */
    Set<String> missing() {
        return Set.copyOf(missing);
    }

    /** {@code RT_<ID>_URL} variables that were not set and resolved to the service's mesh URL, sorted. */
    Set<String> replacedByFallback() {
        return Set.copyOf(fellBack);
    }

    /**
     * Where the string at {@code pointer} came from, for a message about it: {@code " (the value comes from
     * {RT_WORKERS}; RT_WORKERS is not set)"}, or the empty string when it had no placeholder.
     */
    public String origin(String pointer) {
        Set<String> names = sources(pointer);
        if (names.isEmpty()) {
            return "";
        }
        List<String> unset = names.stream().filter(name -> !env.containsKey(name)).toList();
        String from = names.stream().map(name -> "{" + name + "}").collect(Collectors.joining(""));
        return unset.isEmpty() ? " (the value comes from " + from + "; check " + String.join(", ", names) + ")"
                : " (the value comes from " + from + "; " + String.join(", ", unset) + (unset.size() == 1 ? " is" : " are")
                        + " not set)";
    }

    /** Sorted, comma-separated, for messages. */
    static String list(Set<String> names) {
        return String.join(", ", new TreeSet<>(names));
    }
}
