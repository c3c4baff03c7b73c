package dev.rt.service;

import java.util.Optional;

/**
 * Thrown (or passed to {@code ctx.fail}) by a route to answer with that status: the body is
 * {@code {"statusCode", "code"?, "error", "message"}} with this exception's message.
 */
public class HttpError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int statusCode;
    private final String code;

    public HttpError(int statusCode, String message) {
        this(statusCode, null, message, null);
    }

    /** @param code a stable code for clients, such as {@code MOVIE_NOT_FOUND}; may be null */
    public HttpError(int statusCode, String code, String message) {
        this(statusCode, code, message, null);
    }

    public HttpError(int statusCode, String code, String message, Throwable cause) {
        super(message, cause);
        if (statusCode < 400 || statusCode > 599) {
            throw new IllegalArgumentException("an error status is 400 to 599, found " + statusCode);
        }
        this.statusCode = statusCode;
        this.code = code;
    }

    public int statusCode() {
        return statusCode;
    }

    public Optional<String> code() {
        return Optional.ofNullable(code);
    }
}
