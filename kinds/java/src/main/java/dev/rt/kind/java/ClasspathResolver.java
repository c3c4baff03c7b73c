package dev.rt.kind.java;

import dev.rt.kind.KindException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
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

    static List<Path> resolve(Path serviceDirectory, List<String> entries) {
        List<Path> classpath = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            String pointer = "/java/classpath/" + i;
            String text = entries.get(i);
            Path path;
            try {
                path = serviceDirectory.resolve(text).normalize();
            } catch (InvalidPathException e) {
                throw KindException.at(pointer, "is not a usable path: " + e.getReason());
            }
            String last = path.getFileName() == null ? "" : path.getFileName().toString();
            if (!last.contains("*")) {
                if (!Files.exists(path)) {
                    throw KindException.at(pointer, "\"" + text + "\" does not exist (looked for " + path + ")");
                }
                classpath.add(path);
                continue;
            }
            List<Path> matches;
            try {
                matches = glob(path.getParent(), last.equals("*") ? "*.jar" : last);
            } catch (PatternSyntaxException e) {
                throw KindException.at(pointer, "\"" + text + "\" is not a valid glob (" + e.getDescription() + ")");
            }
            if (matches.isEmpty()) {
                throw KindException.at(pointer, "\"" + text + "\" matches no file in " + path.getParent());
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
