package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.install.InstalledKind;
import dev.rt.config.install.Kinds;
import dev.rt.config.read.ConfigFormat;
import dev.rt.config.read.ConfigNode;
import dev.rt.kind.KindException;
import dev.rt.protocol.JsonValues;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Reads a service's own configuration file (found in its directory like a runtime file, or named by
 * {@code config}) and asks its kind what its workers need: an {@link ApplicationConfig}.
 */
final class ApplicationConfigLoader {
    private ApplicationConfigLoader() {
    }

    /** The service configuration file in {@code directory}, by the runtime lookup order. */
    static Path find(Path directory, ConfigNode where) {
        for (String name : ConfigFormat.LOOKUP_ORDER) {
            Path candidate = directory.resolve(name);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw where.error("no service configuration file in " + directory + ": looked for "
                + String.join(", ", ConfigFormat.LOOKUP_ORDER) + " (add one, or name it with \"config\")");
    }

    /**
     * A loaded service configuration, the services its kind says it depends on, whether it runs workers, whether
     * its kind records the spans of its requests itself, and its kind's warnings ({@code <file>: <pointer>: <text>}).
     */
    record Loaded(ApplicationConfig application, List<String> dependencies, boolean runsWorkers,
            boolean recordsRequestSpans, List<String> warnings) {
    }

    /**
     * The runnable form of a processed service configuration, from its installed kind, once the kind has checked it
     * ({@link dev.rt.kind.Kind#check}): every command that reads a service's configuration gets here.
     *
     * @param classPaths false leaves the class path empty, unasked: the kind's plugins may not be built yet
     */
    static Loaded load(ConfigPipeline.Processed processed, boolean classPaths) {
        Path file = processed.file();
        ConfigKind kind = processed.kind();
        JsonNode tree = processed.tree();
        InstalledKind installed = Kinds.installed().find(kind.key()).orElseThrow(() -> new ConfigException(
                ErrorCode.CONFIG_KIND_UNAVAILABLE, file + ": /" + kind.key() + ": the \"" + kind.key()
                        + "\" application kind is valid but cannot run in this version of rt; use "
                        + ConfigPipeline.oneOf(Kinds.installed().names().stream().map(k -> "\"" + k + "\"").toList(), "or")));
        Map<String, Object> configuration = JsonValues.object(tree);
        Path directory = file.toAbsolutePath().getParent();
        try {
            installed.kind().check(configuration, directory);
            List<Path> classpath = classPaths ? installed.kind().classPath(configuration, directory) : List.of();
            List<String> dependencies = installed.kind().dependencies(configuration);
            List<String> warnings = installed.kind().warnings(configuration).stream()
                    .map(warning -> file + ": " + warning.getKey() + ": " + warning.getValue()).toList();
            return new Loaded(new ApplicationConfig(file, kind.key(), tree, installed.jars(), classpath,
                    WatchConfig.from(processed.root().get("watch"))), dependencies,
                    installed.kind().runsWorkers(configuration), installed.kind().recordsRequestSpans(configuration),
                    warnings);
        } catch (KindException e) {
            throw new ConfigException(ErrorCode.CONFIG_INVALID, file + ": " + e.pointer().orElse("/" + kind.key()) + ": "
                    + e.getMessage());
        }
    }
}
