package dev.rt.kind.service.plugin;

import dev.rt.kind.KindException;
import dev.rt.kind.service.config.ConfigValues;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

/**
 * A {@code plugins.paths} folder, scanned as the reference's autoloader scans one, with jars and class directories
 * in place of script files. Entries are visited in name order. A plugin jar, or a directory that is a plugin class
 * directory, registers its plugins with the route prefix of the folder it sits in ({@code movies/api.jar} under
 * {@code /movies}; a class directory {@code movies/} itself under {@code /movies}); any other directory is descended
 * into, {@code maxDepth} levels at most. With {@code routeParams}, a folder named {@code _id} is the path parameter
 * {@code :id}. {@code ignorePattern} skips the entries whose name it matches; {@code matchFilter} and
 * {@code ignoreFilter} keep or drop plugin jars and class directories by their path from the folder
 * ({@code /movies/api.jar}). A jar whose name matches {@code indexPattern} (default {@code ^index\.jar$}) is the only
 * one loaded from its folder, which is not descended into further.
 */
final class FolderScan {
    /** A plugin jar or class directory found, with its route prefix. */
    record Found(Path location, String prefix) {
    }

    private final int maxDepth;
    private final boolean routeParams;
    private final Optional<Pattern> ignorePattern;
    private final Optional<Pattern> matchFilter;
    private final Optional<Pattern> ignoreFilter;
    private final Pattern indexPattern;

    FolderScan(Map<String, Object> settings, String pointer) {
        this.maxDepth = (int) ConfigValues.number(settings, "maxDepth", Integer.MAX_VALUE);
        this.routeParams = ConfigValues.flag(settings, "routeParams", false);
        this.ignorePattern = pattern(settings, "ignorePattern", pointer);
        this.matchFilter = pattern(settings, "matchFilter", pointer);
        this.ignoreFilter = pattern(settings, "ignoreFilter", pointer);
        this.indexPattern = pattern(settings, "indexPattern", pointer).orElse(Pattern.compile("^index\\.jar$"));
    }

    private static Optional<Pattern> pattern(Map<String, Object> settings, String key, String pointer) {
        Optional<String> text = ConfigValues.string(settings, key);
        try {
            return text.map(Pattern::compile);
        } catch (PatternSyntaxException e) {
            throw KindException.at(pointer + "/" + key, "\"" + text.get() + "\" is not a regular expression ("
                    + e.getDescription() + "); fix it");
        }
    }

    List<Found> scan(Path root) {
        List<Found> found = new ArrayList<>();
        visit(root, root, "", 0, found);
        return found;
    }

    private void visit(Path root, Path folder, String prefix, int depth, List<Found> found) {
        List<Path> entries;
        try (Stream<Path> list = Files.list(folder)) {
            entries = list.filter(entry -> ignorePattern.map(p -> !p.matcher(entry.getFileName().toString()).find())
                    .orElse(true)).sorted().toList();
        } catch (IOException e) {
            return;
        }
        Optional<Path> index = entries.stream().filter(Files::isRegularFile)
                .filter(entry -> indexPattern.matcher(entry.getFileName().toString()).find()).findFirst();
        if (index.isPresent()) {
            keep(root, index.get(), prefix, found);
            return;
        }
        for (Path entry : entries) {
            String name = entry.getFileName().toString();
            if (Files.isRegularFile(entry) && name.endsWith(".jar")) {
                keep(root, entry, prefix, found);
            } else if (Files.isDirectory(entry)) {
                String segment = routeParams && name.startsWith("_") && name.length() > 1 ? ":" + name.substring(1) : name;
                if (ServicesFile.declares(entry, ServicesFile.PLUGIN)) {
                    keep(root, entry, prefix + "/" + segment, found);
                } else if (depth < maxDepth) {
                    visit(root, entry, prefix + "/" + segment, depth + 1, found);
                }
            }
        }
    }

    private void keep(Path root, Path location, String prefix, List<Found> found) {
        String relative = "/" + root.relativize(location).toString().replace(File.separatorChar, '/');
        if (matchFilter.map(p -> !p.matcher(relative).find()).orElse(false)
                || ignoreFilter.map(p -> p.matcher(relative).find()).orElse(false)
                || !ServicesFile.declares(location, ServicesFile.PLUGIN)) {
            return;
        }
        found.add(new Found(location, prefix));
    }
}
