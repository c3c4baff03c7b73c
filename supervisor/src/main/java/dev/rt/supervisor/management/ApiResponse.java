package dev.rt.supervisor.management;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * One complete answer of a management route: status, headers (name, value pairs, in order) and body. Streamed
 * answers ({@code logs/live}) do not use it.
 */
record ApiResponse(int status, List<Map.Entry<String, String>> headers, byte[] body, Runnable afterSent) {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Runnable NOTHING = () -> { };

    ApiResponse {
        headers = List.copyOf(headers);
    }

    ApiResponse(int status, List<Map.Entry<String, String>> headers, byte[] body) {
        this(status, headers, body, NOTHING);
    }

    /** This answer, and {@code action} once it has been written (POST stop: answer first, then stop). */
    ApiResponse then(Runnable action) {
        return new ApiResponse(status, headers, body, action);
    }

    static ApiResponse json(int status, JsonNode body) {
        try {
            return new ApiResponse(status, List.of(Map.entry("content-type", "application/json; charset=utf-8")),
                    JSON.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    static ApiResponse json(JsonNode body) {
        return json(200, body);
    }

    static ApiResponse text(String contentType, String body) {
        return new ApiResponse(200, List.of(Map.entry("content-type", contentType)), body.getBytes(StandardCharsets.UTF_8));
    }

    /** 200 with an empty body, as the reference answers POST stop/restart/start. */
    static ApiResponse empty() {
        return new ApiResponse(200, List.of(), new byte[0]);
    }

    static ApiResponse error(ApiError error) {
        return json(error.statusCode(), error.body());
    }
}
