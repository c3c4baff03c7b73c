package dev.rt.config.error;

/** A configuration that cannot be found, read or accepted. The message names the file and JSON pointer. */
public final class ConfigException extends RtException {
    private static final long serialVersionUID = 1L;

    public ConfigException(ErrorCode code, String message) {
        super(code, message);
    }

    public ConfigException(ErrorCode code, String message, Throwable cause) {
        super(code, message, cause);
    }

    public static ConfigException invalid(String message) {
        return new ConfigException(ErrorCode.CONFIG_INVALID, message);
    }
}
