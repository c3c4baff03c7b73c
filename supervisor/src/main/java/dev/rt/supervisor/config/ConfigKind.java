package dev.rt.supervisor.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The kinds of configuration file: the runtime's own, and one per application kind (its top-level key). */
public enum ConfigKind {
    RUNTIME, JAVA, SERVICE, DB, GATEWAY, COMPOSER;

    /** The name used in {@code $schema} URLs, schema file names and top-level keys ({@code java}, ...). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isApplication() {
        return this != RUNTIME;
    }

    public static Optional<ConfigKind> of(String key) {
        return Arrays.stream(values()).filter(kind -> kind.key().equals(key)).findFirst();
    }
}
