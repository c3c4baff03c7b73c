package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * One application's part of the composed document: its id, the prefix its paths get, its document with its rules
 * applied, and, for each of that document's paths, the path it has on the application (an alias changes it).
 */
public record ComposedApi(String id, String prefix, JsonNode document, Map<String, String> originPaths) {
    public ComposedApi {
        originPaths = Map.copyOf(originPaths);
    }
}
