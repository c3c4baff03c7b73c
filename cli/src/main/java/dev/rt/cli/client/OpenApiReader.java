package dev.rt.cli.client;

import dev.rt.cli.client.ClientModel.Operation;
import dev.rt.cli.client.ClientModel.Param;
import dev.rt.cli.client.ClientModel.TypeRef;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * An OpenAPI 3 document (JSON or YAML text) read into a {@link ClientModel}. swagger-parser resolves the references
 * of parameters, request bodies and responses to their components; those of schemas stay, so that a component keeps
 * its name ({@link SchemaTypes}).
 */
final class OpenApiReader {
    private OpenApiReader() {
    }

    /**
     * @param where how messages name the document (its file or URL)
     * @throws ClientSourceException when it is not an OpenAPI 3 document the parser accepts
     */
    static ClientModel read(String text, String where) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(false);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(text, null, options);
        OpenAPI api = result.getOpenAPI();
        if (api == null || api.getOpenapi() == null || !api.getOpenapi().startsWith("3.")) {
            throw new ClientSourceException(where + " is not a valid OpenAPI 3 document" + messages(result));
        }
        if (api.getPaths() == null || api.getPaths().isEmpty()) {
            throw new ClientSourceException(where + " is an OpenAPI document without paths: there is nothing to call");
        }
        return model(api, where);
    }

    private static String messages(SwaggerParseResult result) {
        List<String> messages = result.getMessages() == null ? List.of() : result.getMessages();
        return messages.isEmpty() ? "" : ": " + String.join("; ", messages.subList(0, Math.min(5, messages.size())));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static ClientModel model(OpenAPI api, String where) {
        Map<String, Schema<?>> components = new LinkedHashMap<>();
        if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
            api.getComponents().getSchemas().forEach((name, schema) -> components.put(name, (Schema<?>) schema));
        }
        SchemaTypes types = new SchemaTypes(components);
        List<Operation> operations = new ArrayList<>();
        Set<String> names = new HashSet<>();
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            String base = operation.getOperationId() != null ? Names.member(operation.getOperationId())
                    : Names.member(method.name().toLowerCase(Locale.ROOT) + " " + path.replaceAll("[{}]", ""));
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
            for (Parameter listed : parameters) {
                Parameter parameter = resolved(listed, Parameter::get$ref,
                        api.getComponents() == null ? null : api.getComponents().getParameters());
                if (parameter.getIn() == null) {
                    throw new ClientSourceException(where + ": " + method + " " + path + " has a parameter "
                            + Objects.requireNonNullElse(parameter.get$ref(), "") + " that names no \"in\" (or a $ref"
                            + " that does not resolve)");
                }
                if (List.of("path", "query", "header").contains(parameter.getIn())) {
                    params.add(new Param(parameter.getName(), parameter.getIn(),
                            types.type(parameter.getSchema(), typeBase + Names.type(parameter.getName())),
                            Boolean.TRUE.equals(parameter.getRequired()) || "path".equals(parameter.getIn())));
                }
            }
            RequestBody request = operation.getRequestBody() == null ? null : resolved(operation.getRequestBody(),
                    RequestBody::get$ref, api.getComponents() == null ? null : api.getComponents().getRequestBodies());
            Optional<Schema> bodySchema = json(request == null ? null : request.getContent());
            Optional<TypeRef> body = request == null ? Optional.empty()
                    : Optional.of(bodySchema.map(s -> types.type(s, typeBase + "Body")).orElse(TypeRef.of(TypeRef.Kind.ANY)));
            boolean bodyRequired = request != null && Boolean.TRUE.equals(request.getRequired());
            List<String> statuses = operation.getResponses() == null ? List.of() : List.copyOf(operation.getResponses().keySet());
            Optional<Map.Entry<String, ApiResponse>> success = operation.getResponses() == null ? Optional.empty()
                    : operation.getResponses().entrySet().stream().filter(e -> e.getKey().startsWith("2"))
                    .sorted(Map.Entry.comparingByKey()).findFirst();
            Map<String, ApiResponse> responses = api.getComponents() == null ? null : api.getComponents().getResponses();
            Optional<TypeRef> response = success.flatMap(e -> json(resolved(e.getValue(), ApiResponse::get$ref, responses)
                    .getContent()))
                    .map(s -> types.type(s, typeBase + "Response"));
            boolean noContent = success.map(e -> e.getKey().equals("204")).orElse(false) && response.isEmpty();
            operations.add(new Operation(name, method.name(), path, params, body, bodyRequired, response, noContent,
                    statuses, Optional.ofNullable(operation.getSummary())));
        }));
        String title = api.getInfo() != null && api.getInfo().getTitle() != null ? api.getInfo().getTitle() : "the API";
        return new ClientModel(title, types.types(), operations, false);
    }

    /**
     * {@code value}, or the component its {@code $ref} names (swagger-parser leaves some references in place), following
     * references to references; a reference that names nothing stays as it is.
     */
    private static <T> T resolved(T value, Function<T, String> ref, Map<String, T> components) {
        T current = value;
        for (int i = 0; i < 10 && ref.apply(current) != null && components != null; i++) {
            T target = components.get(SchemaTypes.componentName(ref.apply(current)));
            if (target == null) {
                return current;
            }
            current = target;
        }
        return current;
    }

    @SuppressWarnings("rawtypes")
    private static Optional<Schema> json(Content content) {
        if (content == null) {
            return Optional.empty();
        }
        return content.entrySet().stream().filter(e -> e.getKey().contains("json")).map(Map.Entry::getValue)
                .map(MediaType::getSchema).filter(Objects::nonNull).findFirst();
    }
}
