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
record ApiResponse(int status, List<Map.Entry<String, String>> headers, byte[] body, Runnable afterSent,
        java.util.Optional<java.nio.file.Path> file) {
    static final ObjectMapper JSON = new ObjectMapper();
    /** Header naming the code of an answer that is the management API's own error. */
    static final String ERROR_CODE_HEADER = ManagementClient.ERROR_CODE_HEADER;
    private static final Runnable NOTHING = () -> { };

    ApiResponse {
        headers = List.copyOf(headers);
    }

    ApiResponse(int status, List<Map.Entry<String, String>> headers, byte[] body) {
        this(status, headers, body, NOTHING, java.util.Optional.empty());
    }

    /** This answer, and {@code action} once it has been written (POST stop: answer first, then stop). */
    ApiResponse then(Runnable action) {
        return new ApiResponse(status, headers, body, action, file);
    }

    /** 200 with the bytes of {@code file} (sent from disk, never held in memory), which is removed once sent. */
    static ApiResponse file(java.nio.file.Path file, String contentType) {
        return new ApiResponse(200, List.of(Map.entry("content-type", contentType)), new byte[0], () -> {
            try {
                java.nio.file.Files.deleteIfExists(file);
            } catch (java.io.IOException e) {
                // removed with the runtime directory
            }
        }, java.util.Optional.of(file));
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

    /** 200 with an empty body: the answer of POST stop, restart and start. */
    static ApiResponse empty() {
        return new ApiResponse(200, List.of(), new byte[0]);
    }

    /** The error body, marked with {@link #ERROR_CODE_HEADER} so that {@code rt inject} can tell it from a service's own. */
    static ApiResponse error(ApiError error) {
        ApiResponse json = json(error.statusCode(), error.body());
        return new ApiResponse(json.status(), List.of(json.headers().get(0), Map.entry(ERROR_CODE_HEADER, error.code())),
                json.body());
    }
}
