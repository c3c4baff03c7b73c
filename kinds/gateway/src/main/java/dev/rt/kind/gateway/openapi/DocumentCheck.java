package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a document an application gives is an OpenAPI 3 document, by swagger-parser's reading of it (no reference
 * outside the document is followed) and the {@linkplain SchemaTypes types of its schemas}: what is wrong, empty when
 * nothing.
 */
public final class DocumentCheck {
    private DocumentCheck() {
    }

    public static List<String> problems(JsonNode document) {
        if (!document.isObject()) {
            return List.of("it is not a JSON object");
        }
        if (!document.path("openapi").asText("").startsWith("3.")) {
            return List.of("it has no \"openapi\": \"3.x\" version");
        }
        ParseOptions options = new ParseOptions();
        options.setResolve(false);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(document.toString(), null, options);
        List<String> problems = new ArrayList<>(result.getMessages() == null ? List.of() : result.getMessages());
        if (result.getOpenAPI() == null && problems.isEmpty()) {
            problems.add("it cannot be read as OpenAPI");
        }
        problems.addAll(SchemaTypes.problems(document));
        return problems;
    }

    /** The error of an application whose document is not valid, as the log says it. */
    public static String invalid(String id, String source, List<String> problems) {
        return "Failed to compose OpenAPI schemas: the schema of the \"" + id + "\" application (" + source
                + ") is not a valid OpenAPI document: " + String.join("; ", problems);
    }
}
