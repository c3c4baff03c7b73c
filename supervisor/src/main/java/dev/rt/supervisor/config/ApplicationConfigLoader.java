package dev.rt.supervisor.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a service's own configuration file (found in its directory like a runtime file, or named by
 * {@code config}) and turns its kind section into an {@link ApplicationConfig}.
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

    /** The runnable form of a processed service configuration; only the java kind can run so far. */
    static ApplicationConfig load(Path file, ConfigKind kind, JsonNode tree) {
        ConfigNode root = ConfigNode.root(file, tree);
        if (kind != ConfigKind.JAVA) {
            throw new ConfigException("RT_CONFIG_KIND_UNAVAILABLE", file + ": /" + kind.key() + ": the \"" + kind.key()
                    + "\" application kind is valid but cannot run in this version of rt; use \"java\"");
        }
        return java(file, root.get("java").requireObject(), WatchConfig.of(tree));
    }

    private static ApplicationConfig java(Path file, ConfigNode java, WatchConfig watch) {
        Path directory = file.toAbsolutePath().getParent();
        List<String> modes = List.of("build", "jar", "main").stream().filter(java::has).toList();
        if (modes.size() != 1) {
            throw java.error(modes.isEmpty()
                    ? "needs one of \"build\" (a class with a static build() returning an HttpHandler), \"jar\" or \"main\""
                    : "has " + String.join(" and ", modes) + "; keep exactly one of build, jar, main");
        }
        String mode = modes.get(0);
        java.get(mode).requiredString();
        List<Path> classpath = new ArrayList<>(ClasspathResolver.resolve(directory, java.get("classpath")));
        if (mode.equals("jar")) {
            String jar = java.get("jar").requiredString();
            Path jarPath = java.get("jar").path(directory);
            if (!Files.isRegularFile(jarPath)) {
                throw java.get("jar").error("\"" + jar + "\"" + ServiceLoader.notAFile(jarPath) + " (looked for "
                        + jarPath + ")");
            }
            classpath.add(0, jarPath);
        }
        return new ApplicationConfig(file, "java", java.json(), classpath, watch);
    }
}
