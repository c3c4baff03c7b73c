package dev.rt.supervisor.management;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * A management API error, answered as {@code {statusCode, code, error, message}} with a stable {@code code}
 * ({@code RT_...}) that callers may match on.
 */
final class ApiError extends RuntimeException {
    private final int statusCode;
    private final String code;

    ApiError(int statusCode, String code, String message) {
        super(message, null, false, false);
        this.statusCode = statusCode;
        this.code = code;
    }

    static ApiError serviceNotFound(String id, java.util.List<String> available) {
        return new ApiError(404, "RT_RUNTIME_SERVICE_NOT_FOUND",
                "Service " + id + " not found. Available services are: " + String.join(", ", available));
    }

    static ApiError workerNotFound(String worker, String service, java.util.List<String> available) {
        return new ApiError(404, "RT_RUNTIME_WORKER_NOT_FOUND", "Worker " + worker + " of service " + service
                + " not found. Available workers are: " + (available.isEmpty() ? "none" : String.join(", ", available)));
    }

    static ApiError notStarted(String id) {
        return new ApiError(500, "RT_RUNTIME_SERVICE_NOT_STARTED", "Service with id '" + id + "' is not started");
    }

    static ApiError routeNotFound(String method, String path) {
        return new ApiError(404, "RT_ROUTE_NOT_FOUND", "Route " + method + ":" + path + " not found");
    }

    int statusCode() {
        return statusCode;
    }

    String code() {
        return code;
    }

    ObjectNode body() {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("statusCode", statusCode);
        body.put("code", code);
        body.put("error", HttpResponseStatus.valueOf(statusCode).reasonPhrase());
        body.put("message", getMessage());
        return body;
    }
}
