package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The composed OpenAPI document of a gateway: every application's paths under its prefix, and each name that could
 * clash namespaced by the application's id ({@code movies-api} gives {@code movies_api_}): operation ids, the keys of
 * {@code components.schemas} (each keeping its old key as its title when it has none), of the security schemes and of
 * the other component sections, every {@code $ref} to them and every security requirement. A document's own
 * {@code security} moves down to each of its operations that has none. Two applications with one path are refused.
 */
public final class Composition {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    private static final String COMPONENTS_REF = "#/components/";

    private Composition() {
    }

    /** {@code movies-api} as {@code movies_api_}. */
    static String apiPrefix(String id) {
        return id.strip().replaceAll("[^A-Za-z0-9]+", "_").replaceAll("^_+|_+$", "") + "_";
    }

    /**
     * @param title,version,description the composed document's {@code info}
     * @throws PathConflict when two applications expose one path
     */
    public static ObjectNode compose(List<ComposedApi> apis, String title, String version, Optional<String> description) {
        ObjectNode paths = NODES.objectNode();
        Map<String, String> owners = new HashMap<>();
        ObjectNode components = NODES.objectNode();
        components.putObject("securitySchemes");
        components.putObject("schemas");
        boolean v31 = false;
        for (ComposedApi api : apis) {
            JsonNode document = api.document();
            v31 |= document.path("openapi").asText().startsWith("3.1");
            String namespace = apiPrefix(api.id());
            JsonNode security = document.get("security");
            document.path("paths").properties().forEach(entry -> {
                ObjectNode item = (ObjectNode) entry.getValue().deepCopy();
                if (security != null) {
                    for (String method : METHODS) {
                        if (item.get(method) instanceof ObjectNode operation && !operation.has("security")) {
                            operation.set("security", security.deepCopy());
                        }
                    }
                }
                namespace(item, namespace);
                item.properties().forEach(field -> {
                    if (field.getValue() instanceof ObjectNode operation && operation.get("security") instanceof ArrayNode requirements) {
                        operation.set("security", namespacedRequirements(requirements, namespace));
                    }
                });
                String path = api.prefix() + entry.getKey();
                String owner = owners.putIfAbsent(path, api.id());
                if (owner != null) {
                    throw new PathConflict(path, owner, api.id());
                }
                paths.set(path, item);
            });
            document.path("components").properties().forEach(section -> section.getValue().properties().forEach(c -> {
                JsonNode component = c.getValue().deepCopy();
                if (section.getKey().equals("schemas") && component instanceof ObjectNode schema && !schema.has("title")) {
                    schema.put("title", c.getKey());
                }
                if (!section.getKey().equals("securitySchemes")) {
                    namespace(component, namespace);
                }
                ObjectNode target = components.has(section.getKey()) ? (ObjectNode) components.get(section.getKey())
                        : components.putObject(section.getKey());
                target.set(namespace + c.getKey(), component);
            }));
        }
        ObjectNode composed = NODES.objectNode();
        composed.put("openapi", v31 ? "3.1.0" : "3.0.0");
        ObjectNode info = composed.putObject("info");
        info.put("title", title);
        description.ifPresent(text -> info.put("description", text));
        info.put("version", version);
        composed.set("components", components);
        composed.set("paths", paths);
        return composed;
    }

    /** Namespaces, in place and at any depth, the operation ids and the {@code $ref}s to components. */
    private static void namespace(JsonNode node, String namespace) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual() && ref.asText().startsWith(COMPONENTS_REF)) {
                String pointer = ref.asText();
                int slash = pointer.indexOf('/', COMPONENTS_REF.length());
                if (slash > 0) {
                    object.put("$ref", pointer.substring(0, slash + 1) + namespace + pointer.substring(slash + 1));
                }
            }
            JsonNode id = object.get("operationId");
            if (id != null && id.isTextual()) {
                object.put("operationId", namespace + id.asText());
            }
            object.properties().forEach(field -> namespace(field.getValue(), namespace));
        } else if (node instanceof ArrayNode array) {
            array.forEach(element -> namespace(element, namespace));
        }
    }

    private static ArrayNode namespacedRequirements(ArrayNode requirements, String namespace) {
        ArrayNode renamed = NODES.arrayNode();
        for (JsonNode requirement : requirements) {
            ObjectNode each = renamed.addObject();
            requirement.properties().forEach(scheme -> each.set(namespace + scheme.getKey(), scheme.getValue()));
        }
        return renamed;
    }
}
