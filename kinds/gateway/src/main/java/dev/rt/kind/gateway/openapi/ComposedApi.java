package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * One application's part of the composed document: its id, the prefix its paths get, its document with its rules
 * applied, for each of that document's paths, the path it has on the application (an alias changes it), and, for
 * the paths that have any, upper-case method → the field renames of its responses.
 */
public record ComposedApi(String id, String prefix, JsonNode document, Map<String, String> originPaths,
        Map<String, Map<String, ResponseRenames>> renames) {
    public ComposedApi {
        originPaths = Map.copyOf(originPaths);
        renames = Map.copyOf(renames);
    }

    /** Without field renames. */
    public ComposedApi(String id, String prefix, JsonNode document, Map<String, String> originPaths) {
        this(id, prefix, document, originPaths, Map.of());
    }
}
