package dev.rt.supervisor.log;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code logger.redact}: the values at the given paths are replaced by the censor. A path names keys as
 * {@code a.b}, {@code a["b-c"]} or {@code a['b']}, and {@code *} for every key of an object or element of an
 * array ({@code a.*.password}, {@code a[*]}). A path that does not exist in a line leaves it alone.
 */
final class Redaction {
    private static final String ANY = "*";

    private final List<List<String>> paths;
    private final String censor;

    private Redaction(List<List<String>> paths, String censor) {
        this.paths = List.copyOf(paths);
        this.censor = censor;
    }

    static Redaction none() {
        return new Redaction(List.of(), "");
    }

    static Redaction of(List<String> paths, String censor) {
        List<List<String>> parsed = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            parsed.add(parse(paths.get(i), "/logger/redact/paths/" + i));
        }
        return new Redaction(parsed, censor);
    }

    boolean isEmpty() {
        return paths.isEmpty();
    }

    void apply(ObjectNode line) {
        for (List<String> path : paths) {
            censor(line, path, 0);
        }
    }

    private void censor(JsonNode node, List<String> path, int at) {
        String key = path.get(at);
        boolean last = at == path.size() - 1;
        if (node instanceof ObjectNode object) {
            List<String> keys = new ArrayList<>();
            if (ANY.equals(key)) {
                object.fieldNames().forEachRemaining(keys::add);
            } else if (object.has(key)) {
                keys.add(key);
            }
            for (String each : keys) {
                if (last) {
                    object.put(each, censor);
                } else {
                    censor(object.get(each), path, at + 1);
                }
            }
        } else if (node != null && node.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode array = (com.fasterxml.jackson.databind.node.ArrayNode) node;
            for (int i = 0; i < array.size(); i++) {
                if (ANY.equals(key) || key.equals(Integer.toString(i))) {
                    if (last) {
                        array.set(i, array.textNode(censor));
                    } else {
                        censor(array.get(i), path, at + 1);
                    }
                }
            }
        }
    }

    /** {@code a.b["c d"][*].e} into {@code [a, b, c d, *, e]}. */
    static List<String> parse(String path, String pointer) {
        List<String> keys = new ArrayList<>();
        int i = 0;
        StringBuilder key = new StringBuilder();
        while (i < path.length()) {
            char c = path.charAt(i);
            if (c == '.') {
                endKey(keys, key, path, pointer);
                i++;
            } else if (c == '[') {
                if (key.length() > 0) {
                    endKey(keys, key, path, pointer);
                }
                int close = path.indexOf(']', i);
                if (close < 0) {
                    throw invalid(path, pointer, "a '[' without its ']'");
                }
                String inside = path.substring(i + 1, close).strip();
                if (inside.length() >= 2 && (inside.charAt(0) == '"' || inside.charAt(0) == '\'')
                        && inside.charAt(inside.length() - 1) == inside.charAt(0)) {
                    inside = inside.substring(1, inside.length() - 1);
                }
                if (inside.isEmpty()) {
                    throw invalid(path, pointer, "an empty []");
                }
                keys.add(inside);
                i = close + 1;
                if (i < path.length() && path.charAt(i) == '.') {
                    i++;
                }
            } else {
                key.append(c);
                i++;
            }
        }
        if (key.length() > 0) {
            keys.add(key.toString());
        } else if (keys.isEmpty() || path.endsWith(".")) {
            throw invalid(path, pointer, "an empty key");
        }
        return List.copyOf(keys);
    }

    private static void endKey(List<String> keys, StringBuilder key, String path, String pointer) {
        if (key.length() == 0) {
            throw invalid(path, pointer, "an empty key");
        }
        keys.add(key.toString());
        key.setLength(0);
    }

    private static ConfigException invalid(String path, String pointer, String what) {
        return new ConfigException(ErrorCode.CONFIG_INVALID, pointer + ": the redact path \"" + path + "\" has " + what
                + "; write paths as a.b, a[\"b-c\"] or a.*.b");
    }
}
