package dev.rt.kind.java;

import dev.rt.kind.KindException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The {@code java} section of a service configuration: which one of {@code build}, {@code jar} or {@code main} it
 * names, that value, the {@code classpath} entries as written, and the HTTP {@code port} a wrapped application names.
 * The schema has checked it already; what it cannot say (exactly one of the three; a port only for jar and main) is
 * checked again here, for a configuration that reaches the kind another way.
 */
record JavaApplicationConfig(Entry entry, String target, List<String> classpath, OptionalInt port) {

    /** How the application is started. */
    enum Entry {
        /** A class with a static {@code build()} or {@code create()} returning an {@code HttpHandler}. */
        BUILD,
        /** A runnable jar, relative to the service directory. */
        JAR,
        /** A class with a {@code main(String[])} that opens its own listener. */
        MAIN;

        String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    JavaApplicationConfig {
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(target, "target");
        classpath = List.copyOf(classpath);
        Objects.requireNonNull(port, "port");
    }

    JavaApplicationConfig(Entry entry, String target, List<String> classpath) {
        this(entry, target, classpath, OptionalInt.empty());
    }

    /** Reads the {@code java} section of a whole service configuration. */
    static JavaApplicationConfig from(Map<String, Object> configuration) {
        if (!(configuration.get(JavaKind.NAME) instanceof Map<?, ?> java)) {
            throw KindException.at("/java", "must be an object with one of build, jar or main, found "
                    + describe(configuration.get(JavaKind.NAME)));
        }
        List<Entry> named = Arrays.stream(Entry.values()).filter(e -> java.containsKey(e.key())).toList();
        if (named.size() != 1) {
            throw KindException.at("/java", named.isEmpty()
                    ? "needs one of \"build\" (a class with a static build() returning an HttpHandler), \"jar\" or \"main\""
                    : "has " + String.join(" and ", named.stream().map(Entry::key).toList())
                            + "; keep exactly one of build, jar, main");
        }
        Entry entry = named.get(0);
        Object value = java.get(entry.key());
        if (!(value instanceof String text) || text.isBlank()) {
            throw KindException.at("/java/" + entry.key(), "must be a non-empty string, found " + describe(value));
        }
        List<String> classpath = new ArrayList<>();
        if (java.get("classpath") instanceof List<?> entries) {
            entries.forEach(element -> classpath.add(String.valueOf(element)));
        }
        return new JavaApplicationConfig(entry, text.trim(), classpath, port(java.get("port"), entry));
    }

    private static OptionalInt port(Object value, Entry entry) {
        if (value == null) {
            return OptionalInt.empty();
        }
        if (entry == Entry.BUILD) {
            throw KindException.at("/java/port", "applies to jar and main only: rt serves a build application on a"
                    + " port of its own; remove it");
        }
        if (!(value instanceof Long number) || number < 1 || number > 65_535) {
            throw KindException.at("/java/port", "must be a TCP port from 1 to 65535, found " + describe(value));
        }
        return OptionalInt.of(number.intValue());
    }

    private static String describe(Object value) {
        return value instanceof String text ? "\"" + text + "\"" : String.valueOf(value);
    }
}
