package dev.rt.kind.db.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.db.sql.Access;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Calls the generated routes in process as an HTTP router would: matches method and path against the route
 * templates, decodes the query string, parses the JSON body. Answers are written to JSON text and read back, so
 * tests see exactly what a client would.
 */
final class RestClient {
    static final ObjectMapper JSON = new ObjectMapper();

    private final List<RestRoute> routes;
    private final Access access;

    RestClient(List<RestRoute> routes) {
        this(routes, Access.SYSTEM);
    }

    /** A client whose requests carry this caller's access, as the server gives them. */
    RestClient(List<RestRoute> routes, Access access) {
        this.routes = routes;
        this.access = access;
    }

    record Answer(int status, Map<String, String> headers, Object body) {
        @SuppressWarnings("unchecked")
        Map<String, Object> object() {
            return (Map<String, Object>) body;
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> list() {
            return (List<Map<String, Object>>) body;
        }

        String message() {
            return String.valueOf(object().get("message"));
        }
    }

    Answer get(String url) {
        return call("GET", url, null);
    }

    Answer delete(String url) {
        return call("DELETE", url, null);
    }

    Answer post(String url, String json) {
        return call("POST", url, json);
    }

    Answer put(String url, String json) {
        return call("PUT", url, json);
    }

    Answer call(String method, String url, String json) {
        int q = url.indexOf('?');
        String path = q < 0 ? url : url.substring(0, q);
        Map<String, List<String>> query = new LinkedHashMap<>();
        if (q >= 0) {
            for (String pair : url.substring(q + 1).split("&")) {
                int eq = pair.indexOf('=');
                String key = decode(eq < 0 ? pair : pair.substring(0, eq));
                query.computeIfAbsent(key, k -> new ArrayList<>()).add(eq < 0 ? "" : decode(pair.substring(eq + 1)));
            }
        }
        try {
            Optional<Object> body = json == null ? Optional.empty() : Optional.of(JSON.readValue(json, Object.class));
            for (RestRoute route : routes) {
                Map<String, String> params = match(route.path(), path);
                if (params != null && route.method().equals(method)) {
                    RestResponse response = route.handler().handle(new RestRequest(params, query, body, access));
                    String text = JSON.writeValueAsString(response.body());
                    return new Answer(response.status(), response.headers(), JSON.readValue(text, Object.class));
                }
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return new Answer(404, Map.of(), Map.of("message", "Route " + method + ":" + path + " not found"));
    }

    private static Map<String, String> match(String template, String path) {
        String[] t = template.split("/", -1);
        String[] p = path.split("/", -1);
        if (t.length != p.length) {
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < t.length; i++) {
            if (t[i].startsWith(":")) {
                params.put(t[i].substring(1), decode(p[i]));
            } else if (!t[i].equals(p[i])) {
                return null;
            }
        }
        return params;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
