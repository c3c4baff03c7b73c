package dev.rt.kind.service.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Plugins found at one place: a jar or class directory ({@code location}, on the workers' class path) and the
 * classes it lists, or one class named by {@code plugins.packages} that is already on the class path.
 *
 * @param pointer     the JSON pointer of the configuration entry that names it, for messages
 * @param prefix      the route prefix of its plugins ({@code ""} for the root)
 * @param options     the entry's {@code options} as JSON text
 * @param encapsulate whether each plugin's hooks and error handler stay with its own routes
 */
public record PluginLibrary(String pointer, Optional<Path> location, List<String> classNames, String prefix, String options,
        boolean encapsulate) {
    public PluginLibrary {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(location, "location");
        classNames = List.copyOf(classNames);
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(options, "options");
    }

    /** How a message names it: the jar or directory, else the class. */
    String describe() {
        return location.map(Path::toString).orElse(String.join(", ", classNames));
    }
}
