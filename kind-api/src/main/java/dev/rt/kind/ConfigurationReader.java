package dev.rt.kind;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * rt's reading of configuration files (formats, {@code .env}, placeholders, validation, defaults, as {@code rt start}
 * reads them), for the commands a kind brings to the CLI ({@link Kind#commands()}), so that a kind need not compile
 * against rt's configuration module. rt provides it; {@link #installed()} finds it.
 */
public interface ConfigurationReader {

    /**
     * The services of {@code given} (a service's own configuration file, or a runtime's; or a directory holding one),
     * else of the configuration file found in {@code workingDirectory}, in configuration order.
     *
     * @throws RuntimeException rt's own error when a file cannot be read or is invalid: a command lets it through, and
     *     the CLI says it with its exit status
     */
    List<ServiceFile> services(Optional<Path> given, Path workingDirectory);

    /**
     * One service: its id, its kind, its own configuration file (absolute) and that file's content, validated, with
     * its defaults, as JSON values of JDK types (see {@link Kind}).
     */
    record ServiceFile(String id, String kind, Path file, Map<String, Object> configuration) {
        public ServiceFile {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(file, "file");
            configuration = Collections.unmodifiableMap(new LinkedHashMap<>(configuration));
        }

        /** The directory of its configuration file, against which its relative paths resolve. */
        public Path directory() {
            return file.toAbsolutePath().getParent();
        }
    }

    /**
     * The reader of the rt this code runs in.
     *
     * @throws IllegalStateException outside rt (no reader on the class path)
     */
    static ConfigurationReader installed() {
        return ServiceLoader.load(ConfigurationReader.class, ConfigurationReader.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new IllegalStateException("rt's configuration reader is not on the class path: run"
                        + " this command through rt"));
    }
}
