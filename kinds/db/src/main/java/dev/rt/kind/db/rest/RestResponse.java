package dev.rt.kind.db.rest;

import dev.rt.kind.db.sql.QueryException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a generated route answers: a status, headers, and a body of JSON-ready JDK values (written as JSON with
 * {@code content-type: application/json; charset=utf-8}).
 */
public record RestResponse(int status, Map<String, String> headers, Object body) {
    public RestResponse {
        headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    static RestResponse ok(Object body) {
        return new RestResponse(200, Map.of(), body);
    }

    static RestResponse ok(Object body, Map<String, String> headers) {
        return new RestResponse(200, headers, body);
    }

    static RestResponse error(QueryException e) {
        return new RestResponse(e.status(), Map.of(), e.body());
    }
}
