package dev.rt.config.error;

import java.util.Objects;

/**
 * Root of every error rt reports. Each carries a stable code from the {@link ErrorCode} catalog (for example
 * {@code RT_CONFIG_INVALID}) and a message that says where, what was expected, what was found and what to do.
 * Module-specific exceptions extend this class; the CLI exits with the code's {@link ExitCategory}.
 */
public class RtException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ErrorCode errorCode;

    public RtException(ErrorCode errorCode, String message) {
        super(message);
        this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
    }

    public RtException(ErrorCode errorCode, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
    }

    /** The code's text, as in messages and error bodies: {@code RT_CONFIG_INVALID}. */
    public String code() {
        return errorCode.code();
    }

    public ErrorCode errorCode() {
        return errorCode;
    }
}
