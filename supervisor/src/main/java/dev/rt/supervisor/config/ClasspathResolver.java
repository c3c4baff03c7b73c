package dev.rt.supervisor.config;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

/**
 * Expands {@code java.classpath} entries relative to the service directory. A last segment with {@code *}
 * is a glob over that directory ({@code lib/*} alone matches the jars, like {@code java -cp lib/*}); any
 * other entry must exist. An entry that matches nothing is an error: a silent empty class path only fails
 * later with a less helpful message.
 */
final class ClasspathResolver {
    private ClasspathResolver() {
    }

    static List<Path> resolve(Path serviceDirectory, ConfigNode entries) {
        List<Path> classpath = new ArrayList<>();
        for (ConfigNode entry : entries.elements()) {
            String text = entry.requiredString();
            Path path = entry.path(serviceDirectory);
            String last = path.getFileName() == null ? "" : path.getFileName().toString();
            if (!last.contains("*")) {
                if (!Files.exists(path)) {
                    throw entry.error("\"" + text + "\" does not exist (looked for " + path + ")");
                }
                classpath.add(path);
                continue;
            }
            List<Path> matches;
            try {
                matches = glob(path.getParent(), last.equals("*") ? "*.jar" : last);
            } catch (PatternSyntaxException e) {
                throw entry.error("\"" + text + "\" is not a valid glob (" + e.getDescription() + ")");
            }
            if (matches.isEmpty()) {
                throw entry.error("\"" + text + "\" matches no file in " + path.getParent());
            }
            classpath.addAll(matches);
        }
        return classpath;
    }

    private static List<Path> glob(Path directory, String pattern) {
        if (directory == null || !Files.isDirectory(directory)) {
            return List.of();
        }
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> matcher.matches(file.getFileName())).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
