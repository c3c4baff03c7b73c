package dev.rt.supervisor.config;

import dev.rt.protocol.RtException;

/** A configuration that cannot be found, read or accepted. The message names the file and JSON pointer. */
public final class ConfigException extends RtException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String code, String message) {
        super(code, message);
    }

    public ConfigException(String code, String message, Throwable cause) {
        super(code, message, cause);
    }

    static ConfigException invalid(String message) {
        return new ConfigException("RT_CONFIG_INVALID", message);
    }
}
