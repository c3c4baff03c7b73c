package dev.rt.kind.service.auth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.auth.settings.AuthSchema;
import java.util.Iterator;
import java.util.Map;

/**
 * A kind's JSON Schema with the {@code authorization} section of the auth module ({@code auth.json}) added: its
 * definitions copied into the kind's {@code $defs} (their names start with {@code auth}, and refer to each other
 * within the document) and {@code properties.authorization} referring to them. A kind that defines the section itself
 * (the db kind, with its rules) gets the auth module's settings merged into its own, its own winning, and the section
 * closed: a misspelt key is refused there as anywhere else.
 */
public final class AuthorizationSchema {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AuthorizationSchema() {
    }

    /** The kind's schema text with the section; the text unchanged when it already has one. */
    public static String with(String kindSchema) {
        try {
            ObjectNode kind = (ObjectNode) JSON.readTree(kindSchema);
            ObjectNode properties = kind.with("properties");
            ObjectNode auth = (ObjectNode) JSON.readTree(AuthSchema.text());
            ObjectNode definitions = kind.with("$defs");
            for (Iterator<Map.Entry<String, JsonNode>> it = auth.path("$defs").fields();
                    it.hasNext();) {
                Map.Entry<String, JsonNode> definition = it.next();
                definitions.set(definition.getKey(), definition.getValue());
            }
            if (properties.get("authorization") instanceof ObjectNode own
                    && own.get("properties") instanceof ObjectNode mine) {
                auth.path("$defs").path("authorization").path("properties").fields()
                        .forEachRemaining(setting -> mine.putIfAbsent(setting.getKey(), setting.getValue()));
                own.put("additionalProperties", false);
            } else {
                properties.putObject("authorization").put("$ref", "#/$defs/authorization");
            }
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(kind);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a schema of this rt build is not JSON: " + e.getMessage(), e);
        }
    }
}
