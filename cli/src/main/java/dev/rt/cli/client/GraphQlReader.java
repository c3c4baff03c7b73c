package dev.rt.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.cli.client.ClientModel.Field;
import dev.rt.cli.client.ClientModel.TypeDef;
import dev.rt.cli.client.ClientModel.TypeRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A GraphQL schema, from an introspection result, read into a {@link ClientModel}: its object and input types (root
 * types and introspection's own left out); the client calls it with a query document and variables.
 */
final class GraphQlReader {
    /** The introspection query: the types with their fields and input fields, deep enough for lists of non-nulls. */
    static final String INTROSPECTION = "query IntrospectionQuery { __schema { queryType { name } mutationType { name }"
            + " subscriptionType { name } types { kind name description fields(includeDeprecated: true) { name"
            + " description type { ...TypeRef } } inputFields { name description type { ...TypeRef } } } } }"
            + " fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType"
            + " { kind name } } } } }";

    private GraphQlReader() {
    }

    static ClientModel read(JsonNode data, String where) {
        JsonNode schema = data.path("__schema");
        if (!schema.path("types").isArray()) {
            throw new ClientSourceException(where + " is not a GraphQL introspection result: it has no __schema.types");
        }
        Set<String> roots = new java.util.HashSet<>();
        for (String root : List.of("queryType", "mutationType", "subscriptionType")) {
            if (schema.path(root).path("name").isTextual()) {
                roots.add(schema.path(root).path("name").asText());
            }
        }
        Map<String, TypeDef> types = new LinkedHashMap<>();
        for (JsonNode type : schema.path("types")) {
            String name = type.path("name").asText();
            String kind = type.path("kind").asText();
            if (name.startsWith("__") || roots.contains(name) || !(kind.equals("OBJECT") || kind.equals("INPUT_OBJECT"))) {
                continue;
            }
            JsonNode fields = kind.equals("OBJECT") ? type.path("fields") : type.path("inputFields");
            List<Field> list = new ArrayList<>();
            for (JsonNode field : fields) {
                JsonNode fieldType = field.path("type");
                list.add(new Field(field.path("name").asText(), type(fieldType), fieldType.path("kind").asText().equals("NON_NULL"),
                        Optional.ofNullable(field.path("description").textValue())));
            }
            types.put(Names.type(name), new TypeDef(Names.type(name), list, Optional.ofNullable(type.path("description").textValue())));
        }
        if (!roots.contains(schema.path("queryType").path("name").asText(""))) {
            throw new ClientSourceException(where + " describes a GraphQL schema without a query type");
        }
        return new ClientModel("the GraphQL API", types, List.of(), true);
    }

    private static TypeRef type(JsonNode type) {
        return switch (type.path("kind").asText()) {
            case "NON_NULL" -> type(type.path("ofType"));
            case "LIST" -> TypeRef.array(type(type.path("ofType")));
            case "OBJECT", "INPUT_OBJECT" -> TypeRef.named(Names.type(type.path("name").asText()));
            case "ENUM" -> TypeRef.of(TypeRef.Kind.STRING);
            case "INTERFACE", "UNION" -> TypeRef.of(TypeRef.Kind.MAP);
            case "SCALAR" -> switch (type.path("name").asText()) {
                case "Int" -> TypeRef.of(TypeRef.Kind.INTEGER);
                case "Float" -> TypeRef.of(TypeRef.Kind.NUMBER);
                case "String", "ID" -> TypeRef.of(TypeRef.Kind.STRING);
                case "Boolean" -> TypeRef.of(TypeRef.Kind.BOOLEAN);
                default -> TypeRef.of(TypeRef.Kind.ANY);
            };
            default -> TypeRef.of(TypeRef.Kind.ANY);
        };
    }
}
