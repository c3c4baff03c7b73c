package dev.rt.supervisor.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a service's own configuration file (found in its directory like a runtime file, or named by
 * {@code config}) and turns its kind section into an {@link ApplicationConfig}.
 */
final class ApplicationConfigLoader {
    /** Top-level keys that name an application kind. Only {@code java} can be run so far. */
    static final Set<String> KINDS = Set.of("java", "service", "db", "gateway", "composer");

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

    /** True when the tree is a service configuration rather than a runtime one. */
    static boolean isApplication(JsonNode tree) {
        return KINDS.stream().anyMatch(tree::has);
    }

    static ApplicationConfig load(Path file, JsonNode resolvedTree) {
        ConfigNode root = ConfigNode.root(file, resolvedTree);
        List<String> kinds = KINDS.stream().filter(resolvedTree::has).sorted().toList();
        if (kinds.isEmpty()) {
            throw root.error("no application kind: expected one of the top-level keys java, service, db, gateway, composer");
        }
        if (kinds.size() > 1) {
            throw root.error("several application kinds (" + String.join(", ", kinds) + "); keep exactly one");
        }
        String kind = kinds.get(0);
        if (!kind.equals("java")) {
            throw root.get(kind).error("the \"" + kind + "\" application kind is not available in this version of rt; use \"java\"");
        }
        return java(file, root.get("java").requireObject());
    }

    private static ApplicationConfig java(Path file, ConfigNode java) {
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
            Path jarPath = directory.resolve(jar).normalize();
            if (!Files.isRegularFile(jarPath)) {
                throw java.get("jar").error("\"" + jar + "\" does not exist (looked for " + jarPath + ")");
            }
            classpath.add(0, jarPath);
        }
        return new ApplicationConfig(file, "java", java.json(), classpath);
    }
}
