package dev.rt.layout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The modules of the build that have main code, as the root pom lists them: where their sources are, and where
 * the reactor compiled them. Read from the files, not the class path, so that no module can be left out by a
 * dependency nobody declared.
 */
final class Reactor {
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    private final List<Path> modules;

    private Reactor(List<Path> modules) {
        this.modules = List.copyOf(modules);
    }

    /** The reactor whose root pom (the one beside {@code mvnw}) is {@code directory} or one of its parents. */
    static Reactor around(Path directory) throws IOException {
        Path root = directory;
        while (!Files.isRegularFile(root.resolve("mvnw"))) {
            root = root.getParent();
            if (root == null) {
                throw new IllegalStateException("no mvnw above " + directory);
            }
        }
        List<Path> modules = new ArrayList<>();
        Matcher listed = MODULE.matcher(Files.readString(root.resolve("pom.xml")));
        while (listed.find()) {
            Path module = root.resolve(listed.group(1).trim());
            if (Files.isDirectory(module.resolve("src/main/java"))) {
                modules.add(module);
            }
        }
        if (modules.isEmpty()) {
            throw new IllegalStateException("no module with main code in " + root.resolve("pom.xml"));
        }
        return new Reactor(modules);
    }

    /** Each module's {@code target/classes}: all of them, or an error naming the module not compiled yet. */
    List<Path> classDirectories() {
        List<Path> directories = new ArrayList<>();
        for (Path module : modules) {
            Path classes = module.resolve("target/classes");
            if (!Files.isDirectory(classes)) {
                throw new IllegalStateException(module + " is not compiled (no target/classes): build the reactor");
            }
            directories.add(classes);
        }
        return directories;
    }

    /** How many {@code .java} files each package has in the modules' {@code src/main/java}, modules together. */
    Map<String, Integer> sourceFilesByPackage() throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        for (Path module : modules) {
            Path sources = module.resolve("src/main/java");
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(file -> file.getFileName().toString().endsWith(".java")).forEach(file -> counts.merge(
                        sources.relativize(file.getParent()).toString().replace(file.getFileSystem().getSeparator(),
                                "."), 1, Integer::sum));
            }
        }
        return counts;
    }
}
