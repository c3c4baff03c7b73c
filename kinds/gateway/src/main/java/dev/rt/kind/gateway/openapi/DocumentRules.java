package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.KindException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rules of an application's {@code openapi.config} file, by path of its document:
 * {@code {"paths": {"/internal": {"ignore": true}, "/movies": {"alias": "/films", "delete": {"ignore": true}}}}}:
 * a path left out of the composed document and its routes, a path shown and routed under another name, an operation
 * left out.
 *
 * @param paths the rules of each path, in file order
 */
public record DocumentRules(Map<String, PathRule> paths) {
    static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
    private static final ObjectMapper JSON = new ObjectMapper();
    public static final DocumentRules NONE = new DocumentRules(Map.of());

    public DocumentRules {
        paths = Map.copyOf(paths);
    }

    /**
     * @param ignore       leave the whole path out
     * @param alias        the path it is shown and routed as, instead of its own
     * @param ignoredMethods lower-case methods whose operations are left out
     */
    public record PathRule(boolean ignore, Optional<String> alias, Set<String> ignoredMethods) {
    }

    /**
     * Reads and checks the file.
     *
     * @throws KindException at {@code pointer} when it cannot be read or holds something else than these rules
     */
    public static DocumentRules read(Path file, String pointer) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (IOException e) {
            throw KindException.at(pointer, "cannot read the OpenAPI rules file " + file + ": " + e.getMessage());
        }
        String where = "the OpenAPI rules file " + file;
        if (root == null || !root.isObject() || !onlyKeys(root, Set.of("paths")) || !root.path("paths").isObject()
                && root.has("paths")) {
            throw KindException.at(pointer, where + " must be an object {\"paths\": {...}}");
        }
        Map<String, PathRule> rules = new LinkedHashMap<>();
        root.path("paths").properties().forEach(entry -> rules.put(entry.getKey(),
                pathRule(entry.getValue(), where + ": /paths/" + entry.getKey().replace("~", "~0").replace("/", "~1"),
                        pointer)));
        return new DocumentRules(rules);
    }

    private static PathRule pathRule(JsonNode rule, String where, String pointer) {
        if (!rule.isObject()) {
            throw KindException.at(pointer, where + ": must be an object");
        }
        Set<String> ignored = new java.util.TreeSet<>();
        for (String key : fields(rule)) {
            JsonNode value = rule.get(key);
            String method = key.toLowerCase(Locale.ROOT);
            if (key.equals("ignore") && value.isBoolean() || key.equals("alias") && value.isTextual()
                    && value.asText().startsWith("/")) {
                continue;
            }
            if (METHODS.contains(method) && value.isObject() && onlyKeys(value, Set.of("ignore", "responses"))) {
                if (value.has("responses")) {
                    throw KindException.at(pointer, where + "/" + key + "/responses: renaming response fields is not"
                            + " available in this version of rt (the public server sends responses on untouched);"
                            + " remove it (ignore and alias are)");
                }
                if (value.path("ignore").asBoolean(false)) {
                    ignored.add(method);
                }
                continue;
            }
            throw KindException.at(pointer, where + "/" + key + ": expected \"ignore\": true|false, \"alias\": \"/path\","
                    + " or a method (get, post, ...) with {\"ignore\": true}");
        }
        return new PathRule(rule.path("ignore").asBoolean(false), Optional.ofNullable(rule.get("alias"))
                .map(JsonNode::asText), ignored);
    }

    private static boolean onlyKeys(JsonNode object, Set<String> allowed) {
        return allowed.containsAll(fields(object));
    }

    private static List<String> fields(JsonNode object) {
        List<String> names = new java.util.ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
