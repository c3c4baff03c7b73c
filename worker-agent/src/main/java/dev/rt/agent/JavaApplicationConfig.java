package dev.rt.agent;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The {@code java} section of a service configuration, reduced to what the agent needs: which one of
 * {@code build}, {@code jar} or {@code main} it names, and its value. {@code classpath} is already on the
 * JVM's class path and is ignored here.
 */
record JavaApplicationConfig(Entry entry, String target) {

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
    }

    static JavaApplicationConfig from(JsonNode java, LaunchContext context) {
        String where = " (in the configuration of service \"" + context.serviceId() + "\" in "
                + context.serviceDirectory() + ")";
        if (!java.isObject()) {
            throw AgentException.startFailed("the java section must be an object, found "
                    + java.getNodeType().name().toLowerCase(Locale.ROOT) + where);
        }
        List<Entry> named = Arrays.stream(Entry.values()).filter(e -> java.has(e.key())).toList();
        if (named.size() != 1) {
            String found = named.isEmpty() ? "none of them"
                    : String.join(" and ", named.stream().map(Entry::key).toList());
            throw AgentException.startFailed("the java section must name exactly one of build, jar or main, found "
                    + found + where);
        }
        Entry entry = named.get(0);
        JsonNode value = java.get(entry.key());
        if (!value.isTextual() || value.asText().isBlank()) {
            throw AgentException.startFailed("java." + entry.key() + " must be a non-empty string, found "
                    + value + where);
        }
        return new JavaApplicationConfig(entry, value.asText().trim());
    }
}
