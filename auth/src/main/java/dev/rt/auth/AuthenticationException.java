package dev.rt.auth;

/**
 * Credentials that a request gave and that do not hold: the kind answers 401 with rt's error body, this code and
 * this message. A request without credentials is not refused here: it gets the anonymous role, and the rules decide.
 */
public final class AuthenticationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The bearer token is malformed, unsigned, signed by a key or algorithm not trusted, or fails a claim check. */
    public static final String TOKEN_INVALID = "RT_AUTH_TOKEN_INVALID";
    /** The bearer token's {@code exp} has passed. */
    public static final String TOKEN_EXPIRED = "RT_AUTH_TOKEN_EXPIRED";
    /** The {@code Authorization} header is longer than any token rt reads. */
    public static final String TOKEN_TOO_LARGE = "RT_AUTH_TOKEN_TOO_LARGE";
    /** The webhook answered no, not in time, or not with a JSON object. */
    public static final String WEBHOOK_REFUSED = "RT_AUTH_WEBHOOK_REFUSED";
    /** {@code X-RT-ADMIN-SECRET} does not match {@code adminSecret}. */
    public static final String ADMIN_SECRET_INVALID = "RT_AUTH_ADMIN_SECRET_INVALID";
    /** The identity another part of the runtime forwarded is not sealed by this runtime, or too old. */
    public static final String IDENTITY_INVALID = "RT_AUTH_IDENTITY_INVALID";

    private final String code;

    public AuthenticationException(String code, String message) {
        super(message);
        this.code = code;
    }

    public AuthenticationException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /** The stable code of the refusal, one of this class's constants. */
    public String code() {
        return code;
    }

    /** The HTTP status the refusal is answered with. */
    public int statusCode() {
        return 401;
    }
}
