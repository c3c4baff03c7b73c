package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A service's own configuration file, reduced to what starts it.
 *
 * @param file          the service configuration file
 * @param kind          the application kind, from {@code $schema} or the top-level key (for example {@code java})
 * @param configuration the whole file, validated and with its defaults, sent to the worker agent for the kind
 * @param kindClassPath the kind's own jars, on its workers' class path right after the agent
 * @param classpath     the service's own class path entries (absolute, globs expanded, in order), after the kind's
 * @param watch         which of its files restart it in development ({@code watch})
 */
public record ApplicationConfig(Path file, String kind, JsonNode configuration, List<Path> kindClassPath,
        List<Path> classpath, WatchConfig watch) {
    public ApplicationConfig {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(configuration, "configuration");
        kindClassPath = List.copyOf(kindClassPath);
        classpath = List.copyOf(classpath);
        Objects.requireNonNull(watch, "watch");
    }

    /** The worker's class path after the agent: the kind's jars, then the service's entries. */
    public List<Path> workerClassPath() {
        return java.util.stream.Stream.concat(kindClassPath.stream(), classpath.stream()).toList();
    }
}
