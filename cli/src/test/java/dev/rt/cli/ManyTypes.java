package dev.rt.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * API descriptions with many types, so that any output that follows a hash's order differs from one run to the
 * next: an OpenAPI document (objects referring to each other, enumerations, unions, compositions, an operation per
 * type) and a GraphQL introspection result.
 */
final class ManyTypes {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ManyTypes() {
    }

    static String openApi(int count) {
        ObjectNode root = JSON.createObjectNode().put("openapi", "3.0.3");
        root.putObject("info").put("title", "Many").put("version", "1");
        ObjectNode paths = root.putObject("paths");
        ObjectNode schemas = root.putObject("components").putObject("schemas");
        for (int i = 0; i < count; i++) {
            String name = "Type" + i;
            ObjectNode schema = schemas.putObject(name);
            switch (i % 4) {
                case 0 -> {
                    schema.put("type", "object").put("description", "the type " + i).putArray("required").add("id");
                    ObjectNode properties = schema.putObject("properties");
                    properties.putObject("id").put("type", "integer");
                    properties.putObject("next").put("$ref", "#/components/schemas/Type" + ((i + 4) % count));
                    properties.putObject("tags").put("type", "array").putObject("items").put("type", "string");
                    properties.putObject("inline").put("type", "object").putObject("properties").putObject("x" + i)
                            .put("type", "number");
                }
                case 1 -> schema.put("type", "string").putArray("enum").add("a" + i).add("b" + i).add("c-" + i);
                case 2 -> schema.putArray("oneOf").add(ref("Type" + (i - 2))).add(ref("Type" + ((i + 2) % count)));
                default -> {
                    ArrayNode parts = schema.putArray("allOf");
                    parts.add(ref("Type" + (i - 3)));
                    parts.addObject().put("type", "object").putObject("properties").putObject("extra" + i)
                            .put("$ref", "#/components/schemas/Type" + (i - 2));
                }
            }
            ObjectNode operation = paths.putObject("/things" + i + "/{id}").putObject("post").put("operationId", "call" + i);
            operation.putArray("parameters").addObject().put("name", "id").put("in", "path").put("required", true)
                    .putObject("schema").put("type", "integer");
            operation.putObject("requestBody").putObject("content").putObject("application/json").set("schema", ref(name));
            operation.putObject("responses").putObject("200").put("description", "ok").putObject("content")
                    .putObject("application/json").set("schema", ref(name));
        }
        return root.toString();
    }

    private static ObjectNode ref(String name) {
        return JSON.createObjectNode().put("$ref", "#/components/schemas/" + name);
    }

    static String introspection(int count) {
        ObjectNode schema = JSON.createObjectNode();
        ObjectNode data = JSON.createObjectNode().set("__schema", schema);
        schema.putObject("queryType").put("name", "Query");
        schema.putNull("mutationType");
        schema.putNull("subscriptionType");
        ArrayNode types = schema.putArray("types");
        ObjectNode query = types.addObject().put("kind", "OBJECT").put("name", "Query");
        ArrayNode queryFields = query.putArray("fields");
        for (int i = 0; i < count; i++) {
            ObjectNode type = types.addObject().put("kind", i % 5 == 0 ? "INPUT_OBJECT" : "OBJECT").put("name", "Type" + i)
                    .put("description", "type " + i);
            ArrayNode fields = type.putArray(i % 5 == 0 ? "inputFields" : "fields");
            fields.addObject().put("name", "id").putObject("type").put("kind", "NON_NULL").putObject("ofType")
                    .put("kind", "SCALAR").put("name", "Int");
            fields.addObject().put("name", "next").putObject("type").put("kind", "OBJECT").put("name",
                    "Type" + (i + 1) % count);
            queryFields.addObject().put("name", "type" + i).putObject("type").put("kind", "OBJECT").put("name", "Type" + i);
        }
        return JSON.createObjectNode().set("data", data).toString();
    }

    /** Every file under {@code dir}, by its path relative to it. */
    static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(file).toString(), Files.readString(file));
            }
        }
        return files;
    }
}
