package dev.rt.auth.settings;

/**
 * An {@code authorization} setting rt cannot honour, with the JSON pointer of the setting in the application's
 * configuration file: the kind that reads it turns this into its own error, naming the file.
 */
public final class SettingsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String pointer;

    SettingsException(String pointer, String message) {
        super(pointer + ": " + message);
        this.pointer = pointer;
    }

    /** The JSON pointer of the setting, such as {@code /authorization/jwt/secret}. */
    public String pointer() {
        return pointer;
    }
}
