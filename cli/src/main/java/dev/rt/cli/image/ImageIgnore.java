package dev.rt.cli.image;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code .imageignore} beside the runtime configuration: the files the image leaves out, one glob a line, as
 * {@code .dockerignore} and {@code .gitignore} read: {@code #} starts a comment, a pattern without a {@code /} matches a
 * file or directory name at any depth ({@code *.log}, {@code .git/}), one with a {@code /} a path from the runtime's
 * directory ({@code services/api/src/}), a trailing {@code /} only directories; {@code **} crosses directories. A
 * directory that matches is left out whole. Without the file, those of {@code rt create}'s apply.
 */
public final class ImageIgnore {
    /** The name of the file. */
    public static final String FILE = ".imageignore";
    /** What is left out when the runtime has no {@code .imageignore}: the one {@code rt create} writes. */
    static final String DEFAULTS = "/dev/rt/cli/create/runtime/imageignore";

    private final List<Rule> rules;

    private record Rule(PathMatcher matcher, boolean directoriesOnly) {
    }

    private ImageIgnore(List<String> patterns) {
        List<Rule> parsed = new ArrayList<>();
        for (String line : patterns) {
            String pattern = line.strip();
            if (pattern.isEmpty() || pattern.startsWith("#")) {
                continue;
            }
            boolean directoriesOnly = pattern.endsWith("/");
            pattern = pattern.replaceAll("/+$", "").replaceAll("^/", "");
            String glob = pattern.contains("/") ? pattern : "**/" + pattern;
            parsed.add(new Rule(FileSystems.getDefault().getPathMatcher("glob:{" + pattern + "," + glob + "}"),
                    directoriesOnly));
        }
        this.rules = List.copyOf(parsed);
    }

    /** The rules of {@code runtimeDirectory}'s {@code .imageignore}, or {@link #DEFAULTS}. */
    public static ImageIgnore of(Path runtimeDirectory) {
        Path file = runtimeDirectory.resolve(FILE);
        try {
            if (!Files.isRegularFile(file)) {
                try (InputStream defaults = ImageIgnore.class.getResourceAsStream(DEFAULTS)) {
                    return new ImageIgnore(new String(defaults.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
                }
            }
            return new ImageIgnore(Files.readAllLines(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ImageIgnore of(List<String> patterns) {
        return new ImageIgnore(patterns);
    }

    /** Whether {@code relative} (a path from the runtime's directory) is left out. */
    boolean excludes(Path relative, boolean directory) {
        for (Rule rule : rules) {
            if ((directory || !rule.directoriesOnly()) && rule.matcher().matches(relative)) {
                return true;
            }
        }
        return false;
    }
}
