package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An application's document with its {@link DocumentRules} applied: ignored paths and operations gone, aliased paths
 * under their alias, and for each path left the one it has on the application.
 *
 * @param document    a copy of the document with the rules applied
 * @param originPaths for each path of {@code document}, its path on the application
 */
public record RulesApplied(JsonNode document, Map<String, String> originPaths) {

    public static RulesApplied apply(JsonNode original, DocumentRules rules) {
        ObjectNode document = original.deepCopy();
        ObjectNode paths = document.putObject("paths");
        Map<String, String> origins = new LinkedHashMap<>();
        original.path("paths").properties().forEach(entry -> {
            DocumentRules.PathRule rule = rules.paths().get(entry.getKey());
            if (rule != null && rule.ignore() || !entry.getValue().isObject()) {
                return;
            }
            ObjectNode item = entry.getValue().deepCopy();
            if (rule != null) {
                rule.ignoredMethods().forEach(item::remove);
            }
            boolean anyOperation = DocumentRules.METHODS.stream().anyMatch(item::has);
            if (!anyOperation && !item.has("$ref")) {
                return; // every operation of the path ignored
            }
            String path = rule != null && rule.alias().isPresent() ? rule.alias().get() : entry.getKey();
            paths.set(path, item);
            origins.put(path, entry.getKey());
        });
        return new RulesApplied(document, origins);
    }
}
