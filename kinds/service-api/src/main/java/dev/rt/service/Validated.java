package dev.rt.service;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * The parts of a request as validation left them: coerced to the types the route's schemas ask for, with their
 * defaults filled in and, where a schema says {@code additionalProperties: false}, the other properties removed.
 * A part without a schema reads as it came: the parsed JSON body, the query and path parameters as strings.
 */
public final class Validated {
    /** The keys under which rt keeps the validated parts in the routing context. */
    public static final String BODY = "rt.validated.body";
    public static final String QUERY = "rt.validated.query";
    public static final String PARAMS = "rt.validated.params";
    public static final String HEADERS = "rt.validated.headers";

    private Validated() {
    }

    /**
     * The body: a {@code JsonObject}, {@code JsonArray}, {@code String}, {@code Number}, {@code Boolean}, or null
     * when the request had none.
     */
    public static Object body(RoutingContext context) {
        if (context.data().containsKey(BODY)) {
            Object value = context.get(BODY);
            if (value instanceof java.util.function.Supplier<?> parsed) {
                value = parsed.get();
                context.put(BODY, value);
            }
            return value;
        }
        var body = context.body();
        return body == null || body.length() <= 0 ? null : body.asJsonObject();
    }

    /** The body as an object, or null when it is none. */
    public static JsonObject bodyObject(RoutingContext context) {
        return body(context) instanceof JsonObject object ? object : null;
    }

    public static JsonObject query(RoutingContext context) {
        JsonObject query = context.get(QUERY);
        if (query != null) {
            return query;
        }
        JsonObject fromRequest = new JsonObject();
        context.queryParams().forEach(entry -> fromRequest.put(entry.getKey(), entry.getValue()));
        return fromRequest;
    }

    public static JsonObject params(RoutingContext context) {
        JsonObject params = context.get(PARAMS);
        return params != null ? params : new JsonObject(new java.util.LinkedHashMap<>(context.pathParams()));
    }

    /** The headers, names in lower case. */
    public static JsonObject headers(RoutingContext context) {
        JsonObject headers = context.get(HEADERS);
        if (headers != null) {
            return headers;
        }
        JsonObject fromRequest = new JsonObject();
        context.request().headers().forEach(entry -> fromRequest.put(entry.getKey().toLowerCase(java.util.Locale.ROOT),
                entry.getValue()));
        return fromRequest;
    }
}
