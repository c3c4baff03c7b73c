package dev.rt.protocol;

/**
 * Root of every error rt reports. Each carries a stable code (for example {@code RT_CONFIG_INVALID}) and a
 * message that says where, what was expected, what was found and what to do. Module-specific exceptions
 * extend this class; the CLI maps the code to an exit status.
 */
public class RtException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String code;

    public RtException(String code, String message) {
        super(message);
        this.code = code;
    }

    public RtException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
