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
 * within the document) and {@code properties.authorization} referring to them, unless the kind defines the section
 * itself (the db kind adds its rules).
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
            if (properties.has("authorization")) {
                return kindSchema;
            }
            ObjectNode auth = (ObjectNode) JSON.readTree(AuthSchema.text());
            ObjectNode definitions = kind.with("$defs");
            for (Iterator<Map.Entry<String, JsonNode>> it = auth.path("$defs").fields();
                    it.hasNext();) {
                Map.Entry<String, JsonNode> definition = it.next();
                definitions.set(definition.getKey(), definition.getValue());
            }
            properties.putObject("authorization").put("$ref", "#/$defs/authorization");
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(kind);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a schema of this rt build is not JSON: " + e.getMessage(), e);
        }
    }
}
