package dev.rt.kind.service.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.kind.service.route.RoutePaths;
import dev.rt.kind.service.route.RouteRecord;
import io.swagger.v3.core.util.Yaml31;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpenAPI 3.1 document of a service, built from its routes: each route's path (with the document's
 * {@code prefix}, {@code :id} as {@code {id}}) and method, its params, query and headers schemas as parameters, its
 * body schema as the JSON request body, its response schemas, summary, description, operation id and tags. 3.1
 * because route schemas are JSON Schema 2020-12, which 3.1 takes as they are. The settings' OpenAPI properties
 * ({@code info}, {@code servers}, {@code components}...) are copied in first. A kind's own document, when it has one,
 * is the start instead: complete already (its version, settings and paths), it gets the routes' paths added.
 */
record OpenApiDocument(String json, String yaml) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern PARAM = Pattern.compile(":([A-Za-z0-9_]+)");

    static OpenApiDocument build(OpenApiSettings settings, String serviceId, List<RouteRecord> routes,
            Optional<String> kindDocument, Consumer<ObjectNode> security) {
        ObjectNode document = kindDocument.map(OpenApiDocument::schema).filter(JsonNode::isObject)
                .map(ObjectNode.class::cast).orElseGet(() -> start(settings, serviceId));
        ObjectNode paths = document.has("paths") && document.get("paths").isObject()
                ? (ObjectNode) document.get("paths") : document.putObject("paths");
        for (RouteRecord route : routes) {
            if (route.docs().hidden()) {
                continue;
            }
            String path = RoutePaths.openApi(RoutePaths.join(settings.prefix(), route.path()));
            ObjectNode item = paths.has(path) ? (ObjectNode) paths.get(path) : paths.putObject(path);
            item.set(route.method().name().toLowerCase(Locale.ROOT), operation(route));
        }
        security.accept(document);
        try {
            return new OpenApiDocument(JSON.writeValueAsString(document),
                    Yaml31.mapper().writeValueAsString(document));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode start(OpenApiSettings settings, String serviceId) {
        ObjectNode document = NODES.objectNode();
        document.put("openapi", "3.1.0");
        ObjectNode info = document.putObject("info");
        info.put("title", serviceId).put("version", "1.0.0");
        JsonNode base = JSON.valueToTree(settings.document());
        base.fields().forEachRemaining(field -> document.set(field.getKey(), field.getValue()));
        return document;
    }

    private static ObjectNode operation(RouteRecord route) {
        ObjectNode operation = NODES.objectNode();
        route.docs().operationId().ifPresent(id -> operation.put("operationId", id));
        route.docs().summary().ifPresent(summary -> operation.put("summary", summary));
        route.docs().description().ifPresent(description -> operation.put("description", description));
        if (!route.docs().tags().isEmpty()) {
            ArrayNode tags = operation.putArray("tags");
            route.docs().tags().forEach(tags::add);
        }
        ArrayNode parameters = NODES.arrayNode();
        JsonNode params = schema(route.schemas().get("params"));
        Matcher names = PARAM.matcher(route.path());
        while (names.find()) {
            JsonNode declared = params.path("properties").path(names.group(1));
            parameters.add(parameter(names.group(1), "path", true,
                    declared.isMissingNode() ? NODES.objectNode().put("type", "string") : declared, declared));
        }
        addAll(parameters, schema(route.schemas().get("querystring")), "query");
        addAll(parameters, schema(route.schemas().get("headers")), "header");
        if (!parameters.isEmpty()) {
            operation.set("parameters", parameters);
        }
        String body = route.schemas().get("body");
        if (body != null) {
            ObjectNode requestBody = operation.putObject("requestBody");
            requestBody.put("required", true);
            requestBody.putObject("content").putObject("application/json").set("schema", schema(body));
        }
        ObjectNode responses = operation.putObject("responses");
        if (route.responses().isEmpty()) {
            responses.putObject("200").put("description", "Default Response");
        }
        route.responses().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(response -> {
            ObjectNode entry = responses.putObject(Integer.toString(response.getKey()));
            JsonNode schema = schema(response.getValue());
            entry.put("description", schema.path("description").asText("Default Response"));
            entry.putObject("content").putObject("application/json").set("schema", schema);
        });
        return operation;
    }

    private static void addAll(ArrayNode parameters, JsonNode schema, String in) {
        JsonNode required = schema.path("required");
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            boolean isRequired = false;
            for (JsonNode name : required) {
                isRequired |= name.asText().equalsIgnoreCase(property.getKey());
            }
            parameters.add(parameter(property.getKey(), in, isRequired, property.getValue(), property.getValue()));
        }
    }

    private static ObjectNode parameter(String name, String in, boolean required, JsonNode schema, JsonNode declared) {
        ObjectNode parameter = NODES.objectNode().put("name", name).put("in", in).put("required", required);
        if (declared.has("description")) {
            parameter.put("description", declared.get("description").asText());
        }
        parameter.set("schema", schema);
        return parameter;
    }

    private static JsonNode schema(String text) {
        if (text == null) {
            return NODES.objectNode();
        }
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
