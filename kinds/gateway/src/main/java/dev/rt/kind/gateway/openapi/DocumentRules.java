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
 * left out; and {@code {"get": {"responses": {"200": {"properties": {"title": {"rename": "name"}}}}}}}, fields of an
 * operation's responses renamed, in its document and in the bodies that pass through.
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
     * @param renames      lower-case method → the field renames of its responses
     */
    public record PathRule(boolean ignore, Optional<String> alias, Set<String> ignoredMethods,
            Map<String, ResponseRenames> renames) {
        public PathRule {
            ignoredMethods = Set.copyOf(ignoredMethods);
            renames = Map.copyOf(renames);
        }
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
        Map<String, ResponseRenames> renames = new LinkedHashMap<>();
        for (String key : fields(rule)) {
            JsonNode value = rule.get(key);
            String method = key.toLowerCase(Locale.ROOT);
            if (key.equals("ignore") && value.isBoolean() || key.equals("alias") && value.isTextual()
                    && value.asText().startsWith("/")) {
                continue;
            }
            if (METHODS.contains(method) && value.isObject() && onlyKeys(value, Set.of("ignore", "responses"))
                    && (!value.has("ignore") || value.get("ignore").isBoolean())) {
                if (value.path("ignore").asBoolean(false)) {
                    ignored.add(method);
                } else if (value.has("responses")) {
                    renames.put(method, responses(value.get("responses"), where + "/" + key + "/responses", pointer));
                }
                continue;
            }
            throw KindException.at(pointer, where + "/" + key + ": expected \"ignore\": true|false, \"alias\": \"/path\","
                    + " or a method (get, post, ...) with {\"ignore\": true} or {\"responses\": {...}}");
        }
        return new PathRule(rule.path("ignore").asBoolean(false), Optional.ofNullable(rule.get("alias"))
                .map(JsonNode::asText), ignored, renames);
    }

    /** {@code {"200": <renames>}}: the field renames of the responses with each status. */
    private static ResponseRenames responses(JsonNode responses, String where, String pointer) {
        if (!responses.isObject() || responses.isEmpty()) {
            throw KindException.at(pointer, where + ": expected {\"200\": {\"properties\": {\"field\": {\"rename\":"
                    + " \"newName\"}}}}");
        }
        Map<Integer, FieldRenames> byStatus = new LinkedHashMap<>();
        for (String status : fields(responses)) {
            if (!status.matches("[1-5][0-9][0-9]")) {
                throw KindException.at(pointer, where + "/" + status + ": expected a status code such as 200");
            }
            try {
                byStatus.put(Integer.parseInt(status), FieldRenames.read(responses.get(status), where + "/" + status));
            } catch (IllegalArgumentException e) {
                throw KindException.at(pointer, e.getMessage());
            }
        }
        return new ResponseRenames(byStatus);
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
