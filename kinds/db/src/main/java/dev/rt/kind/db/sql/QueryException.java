package dev.rt.kind.db.sql;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A request the database layer refuses or cannot serve, with what HTTP answers: its status, a stable code and a
 * message that names the parameter or field at fault. REST turns it into an error body, GraphQL into an error.
 */
public final class QueryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;

    public QueryException(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = Objects.requireNonNull(code, "code");
    }

    /** A request that is wrong: 400 with the validation code. */
    public static QueryException invalid(String message) {
        return new QueryException(400, "FST_ERR_VALIDATION", message);
    }

    public static QueryException badRequest(String code, String message) {
        return new QueryException(400, code, message);
    }

    public static QueryException notFound(String message) {
        return new QueryException(404, "RT_DB_NOT_FOUND", message);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    /** The error body: {@code {"statusCode":400,"code":"...","error":"Bad Request","message":"..."}}. */
    public Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("statusCode", status);
        body.put("code", code);
        body.put("error", reason(status));
        body.put("message", getMessage());
        return body;
    }

    static String reason(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 409 -> "Conflict";
            case 500 -> "Internal Server Error";
            default -> "Error";
        };
    }
}
