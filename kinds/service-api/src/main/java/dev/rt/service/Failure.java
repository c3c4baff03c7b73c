package dev.rt.service;

import io.vertx.core.json.JsonObject;
import java.util.Objects;
import java.util.Optional;

/**
 * A failed request as rt would answer it: {@code statusCode}, the status's reason phrase as {@code error}, a
 * {@code message}, and for rt's own errors a stable {@code code}. {@link #body()} is rt's default error body.
 */
public final class Failure {
    private final int statusCode;
    private final String code;
    private final String error;
    private final String message;
    private final Throwable cause;

    /** @param code may be null; @param cause may be null */
    public Failure(int statusCode, String code, String error, String message, Throwable cause) {
        this.statusCode = statusCode;
        this.code = code;
        this.error = Objects.requireNonNull(error, "error");
        this.message = Objects.requireNonNull(message, "message");
        this.cause = cause;
    }

    public int statusCode() {
        return statusCode;
    }

    public Optional<String> code() {
        return Optional.ofNullable(code);
    }

    public String error() {
        return error;
    }

    public String message() {
        return message;
    }

    /** What the route threw or failed with; empty for rt's own refusals (no route, bad body, validation). */
    public Optional<Throwable> cause() {
        return Optional.ofNullable(cause);
    }

    /** {@code {"statusCode": ..., "code": ..., "error": ..., "message": ...}}, {@code code} only when there is one. */
    public JsonObject body() {
        JsonObject body = new JsonObject().put("statusCode", statusCode);
        if (code != null) {
            body.put("code", code);
        }
        return body.put("error", error).put("message", message);
    }

    @Override
    public String toString() {
        return body().encode();
    }
}
