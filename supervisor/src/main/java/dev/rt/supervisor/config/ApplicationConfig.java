package dev.rt.supervisor.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A service's own configuration file, reduced to what starts it.
 *
 * @param file      the service configuration file
 * @param kind      the application kind, from {@code $schema} or the top-level key (for example {@code java})
 * @param settings  the kind's own section, sent to the worker agent
 * @param classpath absolute class path entries of the worker JVM, globs expanded, in order
 * @param watch     which of its files restart it in development ({@code watch})
 */
public record ApplicationConfig(Path file, String kind, JsonNode settings, List<Path> classpath, WatchConfig watch) {
    public ApplicationConfig {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(settings, "settings");
        classpath = List.copyOf(classpath);
        Objects.requireNonNull(watch, "watch");
    }

    public ApplicationConfig(Path file, String kind, JsonNode settings, List<Path> classpath) {
        this(file, kind, settings, classpath, WatchConfig.DEFAULTS);
    }
}
