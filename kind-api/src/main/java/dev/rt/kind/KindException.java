package dev.rt.kind;

import java.util.Optional;

/**
 * A kind cannot accept a configuration or start an application. The message says what is wrong and what to do;
 * rt adds which service and which file. It is shown to the user as it is, without a stack trace.
 */
public class KindException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String pointer;

    public KindException(String message) {
        this(null, message, null);
    }

    public KindException(String message, Throwable cause) {
        this(null, message, cause);
    }

    /**
     * @param pointer the JSON pointer of the setting at fault in the service's configuration file, for example
     *                {@code /java/classpath/0}
     */
    public static KindException at(String pointer, String message) {
        return new KindException(pointer, message, null);
    }

    private KindException(String pointer, String message, Throwable cause) {
        super(message, cause);
        this.pointer = pointer;
    }

    /** The JSON pointer of the setting at fault, when one is. */
    public Optional<String> pointer() {
        return Optional.ofNullable(pointer);
    }
}
