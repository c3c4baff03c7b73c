package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A service's own JVM options: {@code jvmOptions}, a string split like a shell would or an array of options taken
 * as they are, or {@code nodeOptions}, its other name (a string), kept for configurations written for the
 * reference. One service entry sets one of the two.
 */
final class JvmOptions {
    static final String NAME = "jvmOptions";
    static final String NODE_NAME = "nodeOptions";

    private JvmOptions() {
    }

    /** The options of the service entry {@code entry}, in order; empty when it sets none. */
    static List<String> of(ConfigNode entry) {
        if (entry.has(NAME) && entry.has(NODE_NAME)) {
            throw entry.error("sets both \"" + NODE_NAME + "\" and \"" + NAME + "\", two names of one setting (the "
                    + "worker's JVM options): keep one, \"" + NAME + "\"");
        }
        ConfigNode options = entry.get(entry.has(NAME) ? NAME : NODE_NAME);
        if (options.isMissing()) {
            return List.of();
        }
        if (options.json().isTextual()) {
            return ShellWords.split(options.string(), options);
        }
        List<String> words = new ArrayList<>();
        options.elements().forEach(option -> words.add(option.string()));
        return words;
    }
}
