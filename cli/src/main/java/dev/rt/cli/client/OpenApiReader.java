package dev.rt.cli.client;

import dev.rt.cli.client.ClientModel.Field;
import dev.rt.cli.client.ClientModel.Operation;
import dev.rt.cli.client.ClientModel.Param;
import dev.rt.cli.client.ClientModel.TypeDef;
import dev.rt.cli.client.ClientModel.TypeRef;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** An OpenAPI 3 document (JSON or YAML text) read into a {@link ClientModel}. */
final class OpenApiReader {
    private final Map<String, TypeDef> types = new LinkedHashMap<>();
    private final Map<String, TypeRef> scalarComponents = new LinkedHashMap<>();
    private final Map<String, Schema<?>> components = new LinkedHashMap<>();

    private OpenApiReader() {
    }

    /**
     * @param where how messages name the document (its file or URL)
     * @throws ClientSourceException when it is not an OpenAPI 3 document the parser accepts
     */
    static ClientModel read(String text, String where) {
        ParseOptions options = new ParseOptions();
        options.setResolve(false);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(text, null, options);
        OpenAPI api = result.getOpenAPI();
        if (api == null || api.getOpenapi() == null || !api.getOpenapi().startsWith("3.")) {
            throw new ClientSourceException(where + " is not a valid OpenAPI 3 document" + messages(result));
        }
        if (api.getPaths() == null || api.getPaths().isEmpty()) {
            throw new ClientSourceException(where + " is an OpenAPI document without paths: there is nothing to call");
        }
        return new OpenApiReader().model(api);
    }

    private static String messages(SwaggerParseResult result) {
        List<String> messages = result.getMessages() == null ? List.of() : result.getMessages();
        return messages.isEmpty() ? "" : ": " + String.join("; ", messages.subList(0, Math.min(5, messages.size())));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private ClientModel model(OpenAPI api) {
        if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
            api.getComponents().getSchemas().forEach((name, schema) -> components.put(name, (Schema<?>) schema));
            components.forEach((name, schema) -> {
                TypeRef ref = type(schema, Names.type(name), true);
                if (ref.name().isEmpty()) {
                    scalarComponents.put(name, ref);
                }
            });
        }
        List<Operation> operations = new ArrayList<>();
        Set<String> names = new HashSet<>();
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            String base = operation.getOperationId() != null ? Names.member(operation.getOperationId())
                    : Names.member(method.name().toLowerCase(java.util.Locale.ROOT) + " " + path.replaceAll("[{}]", ""));
            String name = base;
            for (int i = 2; !names.add(name); i++) {
                name = base + i;
            }
            List<Parameter> parameters = new ArrayList<>();
            if (item.getParameters() != null) {
                parameters.addAll(item.getParameters());
            }
            if (operation.getParameters() != null) {
                parameters.addAll(operation.getParameters());
            }
            String typeBase = Names.type(name);
            List<Param> params = new ArrayList<>();
            for (Parameter parameter : parameters) {
                if (List.of("path", "query", "header").contains(parameter.getIn())) {
                    params.add(new Param(parameter.getName(), parameter.getIn(),
                            type(parameter.getSchema(), typeBase + Names.type(parameter.getName()), false),
                            Boolean.TRUE.equals(parameter.getRequired()) || "path".equals(parameter.getIn())));
                }
            }
            Optional<Schema> bodySchema = json(operation.getRequestBody() == null ? null : operation.getRequestBody().getContent());
            Optional<TypeRef> body = operation.getRequestBody() == null ? Optional.empty()
                    : Optional.of(bodySchema.map(s -> type(s, typeBase + "Body", false)).orElse(TypeRef.of(TypeRef.Kind.ANY)));
            boolean bodyRequired = operation.getRequestBody() != null && Boolean.TRUE.equals(operation.getRequestBody().getRequired());
            List<String> statuses = operation.getResponses() == null ? List.of() : List.copyOf(operation.getResponses().keySet());
            Optional<Map.Entry<String, ApiResponse>> success = operation.getResponses() == null ? Optional.empty()
                    : operation.getResponses().entrySet().stream().filter(e -> e.getKey().startsWith("2")).sorted(Map.Entry.comparingByKey()).findFirst();
            Optional<TypeRef> response = success.flatMap(e -> json(e.getValue().getContent()))
                    .map(s -> type(s, typeBase + "Response", false));
            boolean noContent = success.map(e -> e.getKey().equals("204")).orElse(false) && response.isEmpty();
            operations.add(new Operation(name, method.name(), path, params, body, bodyRequired, response, noContent,
                    statuses, Optional.ofNullable(operation.getSummary())));
        }));
        String title = api.getInfo() != null && api.getInfo().getTitle() != null ? api.getInfo().getTitle() : "the API";
        return new ClientModel(title, types, operations, false);
    }

    @SuppressWarnings("rawtypes")
    private static Optional<Schema> json(Content content) {
        if (content == null) {
            return Optional.empty();
        }
        return content.entrySet().stream().filter(e -> e.getKey().contains("json")).map(Map.Entry::getValue)
                .map(MediaType::getSchema).filter(java.util.Objects::nonNull).findFirst();
    }

    private static String typeOf(Schema<?> schema) {
        if (schema.getType() != null) {
            return schema.getType();
        }
        if (schema.getTypes() != null) {
            return schema.getTypes().stream().filter(t -> !t.equals("null")).findFirst().orElse(null);
        }
        return schema.getProperties() != null ? "object" : null;
    }

    private TypeRef type(Schema<?> schema, String suggested, boolean component) {
        if (schema == null) {
            return TypeRef.of(TypeRef.Kind.ANY);
        }
        if (schema.get$ref() != null) {
            String ref = schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
            if (scalarComponents.containsKey(ref)) {
                return scalarComponents.get(ref);
            }
            Schema<?> target = components.get(ref);
            if (target != null && "object".equals(typeOf(target)) && target.getProperties() != null) {
                return TypeRef.named(Names.type(ref));
            }
            return target == null ? TypeRef.of(TypeRef.Kind.ANY) : type(target, Names.type(ref), true);
        }
        String type = typeOf(schema);
        if (type == null) {
            return TypeRef.of(TypeRef.Kind.ANY);
        }
        return switch (type) {
            case "string" -> TypeRef.of(TypeRef.Kind.STRING);
            case "integer" -> TypeRef.of(TypeRef.Kind.INTEGER);
            case "number" -> TypeRef.of(TypeRef.Kind.NUMBER);
            case "boolean" -> TypeRef.of(TypeRef.Kind.BOOLEAN);
            case "array" -> TypeRef.array(type(schema.getItems(), suggested + "Item", false));
            case "object" -> schema.getProperties() == null || schema.getProperties().isEmpty()
                    ? TypeRef.of(TypeRef.Kind.MAP) : TypeRef.named(define(schema, suggested, component));
            default -> TypeRef.of(TypeRef.Kind.ANY);
        };
    }

    @SuppressWarnings("rawtypes")
    private String define(Schema<?> schema, String suggested, boolean component) {
        String name = suggested;
        if (component && types.containsKey(name)) {
            return name;
        }
        for (int i = 2; types.containsKey(name) || !component && components.containsKey(name); i++) {
            name = suggested + i;
        }
        types.put(name, new TypeDef(name, List.of(), Optional.empty())); // reserved while its fields are read
        List<Field> fields = new ArrayList<>();
        List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
        for (Map.Entry<String, Schema> property : schema.getProperties().entrySet()) {
            fields.add(new Field(property.getKey(), type(property.getValue(), name + Names.type(property.getKey()), false),
                    required.contains(property.getKey()), Optional.ofNullable(property.getValue().getDescription())));
        }
        types.put(name, new TypeDef(name, fields, Optional.ofNullable(schema.getDescription())));
        return name;
    }
}
