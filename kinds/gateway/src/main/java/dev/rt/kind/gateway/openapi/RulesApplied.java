package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An application's document with its {@link DocumentRules} applied: ignored paths and operations gone, aliased paths
 * under their alias, renamed response fields renamed in their schemas, and for each path left the one it has on the
 * application and the field renames of its operations' responses.
 *
 * @param document    a copy of the document with the rules applied
 * @param originPaths for each path of {@code document}, its path on the application
 * @param renames     for each path of {@code document} that has any, upper-case method → the renames of its responses
 */
public record RulesApplied(JsonNode document, Map<String, String> originPaths,
        Map<String, Map<String, ResponseRenames>> renames) {

    public static RulesApplied apply(JsonNode original, DocumentRules rules) {
        ObjectNode document = original.deepCopy();
        ObjectNode paths = document.putObject("paths");
        Map<String, String> origins = new LinkedHashMap<>();
        Map<String, Map<String, ResponseRenames>> renames = new LinkedHashMap<>();
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
            if (rule != null && !rule.renames().isEmpty()) {
                Map<String, ResponseRenames> ofPath = new LinkedHashMap<>();
                rule.renames().forEach((method, renamed) -> {
                    if (item.get(method) instanceof ObjectNode operation) {
                        renameInSchemas(operation, renamed, original);
                        ofPath.put(method.toUpperCase(Locale.ROOT), renamed);
                    }
                });
                renames.put(path, ofPath);
            }
        });
        return new RulesApplied(document, origins, renames);
    }

    /** Renames the fields in the JSON schemas of the operation's responses with those statuses. */
    private static void renameInSchemas(ObjectNode operation, ResponseRenames renamed, JsonNode original) {
        if (!(operation.get("responses") instanceof ObjectNode responses)) {
            return;
        }
        renamed.byStatus().forEach((status, fields) -> {
            ObjectNode response = FieldRenames.inlined(responses, String.valueOf(status), original);
            if (response == null) {
                return;
            }
            if (response.get("content") instanceof ObjectNode content) {
                content.properties().forEach(media -> {
                    String type = media.getKey().toLowerCase(Locale.ROOT);
                    if (media.getValue() instanceof ObjectNode mediaType && (type.contains("json") || type.equals("*/*"))) {
                        ObjectNode schema = FieldRenames.inlined(mediaType, "schema", original);
                        if (schema != null) {
                            fields.applyToSchema(schema, original);
                        }
                    }
                });
            } else {
                ObjectNode schema = FieldRenames.inlined(response, "schema", original);
                if (schema != null) {
                    fields.applyToSchema(schema, original);
                }
            }
        });
    }
}
