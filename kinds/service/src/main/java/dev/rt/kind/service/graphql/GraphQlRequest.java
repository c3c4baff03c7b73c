package dev.rt.kind.service.graphql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.service.HttpError;
import dev.rt.service.Validated;
import graphql.ExecutionInput;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A well-formed GraphQL-over-HTTP request: the document, and the operation's name, variables and extensions. A GET
 * carries them in its query string (variables and extensions as JSON text), a POST in its JSON body, which must say
 * {@code Content-Type: application/json}: a POST of another type, or of none, is refused before anything runs, as
 * such requests are the ones a browser sends cross-site without asking (a form, {@code text/plain}, a typeless blob).
 * Anything else is a 400 naming what is wrong; other properties of the body are left for later versions, as the
 * specification reserves them.
 */
record GraphQlRequest(String query, String operationName, Map<String, Object> variables,
        Map<String, Object> extensions) {
    static final String BAD_REQUEST = "RT_GRAPHQL_BAD_REQUEST";
    private static final List<String> PARAMETERS = List.of("query", "operationName", "variables", "extensions");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** @throws HttpError 400 when it is not a well-formed request, 415 when a POST's body is not JSON */
    static GraphQlRequest of(RoutingContext context) {
        if (context.request().method() == HttpMethod.GET) {
            return fromQueryString(context.queryParams());
        }
        String contentType = context.request().getHeader("content-type");
        String mediaType = contentType == null ? "" : contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!mediaType.equals("application/json")) {
            throw new HttpError(415, "FST_ERR_CTP_INVALID_MEDIA_TYPE", "Unsupported Media Type: a GraphQL POST is"
                    + " application/json, found " + (contentType == null ? "no Content-Type" : contentType));
        }
        for (String parameter : PARAMETERS) {
            if (context.queryParams().contains(parameter)) {
                throw bad("a POST carries its GraphQL request in its JSON body; found " + parameter
                        + " in the query string");
            }
        }
        return fromBody(Validated.body(context));
    }

    static GraphQlRequest fromQueryString(MultiMap parameters) {
        for (String parameter : PARAMETERS) {
            int given = parameters.getAll(parameter).size();
            if (given > 1) {
                throw bad(parameter + " is given " + given + " times; give it once");
            }
        }
        String query = parameters.get("query");
        if (query == null) {
            throw bad("the request has no query: GET /graphql?query={...}");
        }
        return new GraphQlRequest(query, parameters.get("operationName"), json(parameters.get("variables"),
                "variables"), json(parameters.get("extensions"), "extensions"));
    }

    /** @param body the parsed body: a {@code JsonObject}, {@code JsonArray}, string, number, boolean or null */
    static GraphQlRequest fromBody(Object body) {
        if (body instanceof JsonArray) {
            throw bad("a batch of requests (a JSON array) is not supported; send one request per POST");
        }
        if (!(body instanceof JsonObject request)) {
            throw bad("a GraphQL request is a JSON object {\"query\": \"...\"}");
        }
        Object query = request.getValue("query");
        if (query == null) {
            throw bad("the request has no query: {\"query\": \"...\"}");
        }
        return new GraphQlRequest(string(query, "query"), string(request.getValue("operationName"), "operationName"),
                object(request.getValue("variables"), "variables"), object(request.getValue("extensions"),
                        "extensions"));
    }

    ExecutionInput.Builder input() {
        ExecutionInput.Builder input = ExecutionInput.newExecutionInput().query(query).variables(variables)
                .extensions(extensions);
        return operationName == null || operationName.isEmpty() ? input : input.operationName(operationName);
    }

    private static String string(Object value, String name) {
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw bad(name + " must be a string, found " + Json.encode(value));
    }

    private static Map<String, Object> object(Object value, String name) {
        if (value == null) {
            return Map.of();
        }
        if (value instanceof JsonObject object) {
            return object.getMap();
        }
        throw bad(name + " must be a JSON object, found " + Json.encode(value));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String text, String name) {
        if (text == null || text.isEmpty()) {
            return Map.of();
        }
        Object value;
        try {
            value = JSON.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw bad(name + " is not JSON: " + e.getOriginalMessage());
        }
        if (value == null) {
            return Map.of();
        }
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw bad(name + " must be a JSON object, found " + text);
    }

    private static HttpError bad(String message) {
        return new HttpError(400, BAD_REQUEST, message);
    }
}
