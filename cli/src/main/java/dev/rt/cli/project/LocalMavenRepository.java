package dev.rt.cli.project;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.install.Installation;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The local Maven repository that Maven uses on this machine, and rt's own artifacts put into it. rt is not on Maven
 * Central: its distribution carries the artifacts a generated project builds against ({@code maven/}: the plugin
 * API, the kinds, {@code rt-testing} and their parent POMs, in repository layout), and {@code rt create},
 * {@code rt install} and {@code rt build} copy them into the local repository as {@code mvn install} would, so that
 * a project needs nothing but Maven Central beside them.
 */
public final class LocalMavenRepository {
    /** Overrides {@code <home>/maven}, for rt's own tests. */
    public static final String ARTIFACTS_PROPERTY = "rt.maven.artifacts";

    private final Path root;

    private LocalMavenRepository(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /**
     * Where Maven keeps its local repository when it builds the project in {@code project} with these environment
     * variables ({@link LocalRepositoryLocation} says how it is found).
     */
    public static LocalMavenRepository of(Map<String, String> env, Path project) {
        return new LocalMavenRepository(new LocalRepositoryLocation(Path.of(System.getProperty("user.home")), env,
                project).find());
    }

    /** rt's artifacts in its distribution: {@code -Drt.maven.artifacts}, else {@code <home>/maven}. */
    public static Path artifacts() {
        String property = System.getProperty(ARTIFACTS_PROPERTY);
        Path artifacts = property != null ? Path.of(property)
                : Installation.home().map(home -> home.resolve("maven")).orElseThrow(() -> new RtException(
                        ErrorCode.USAGE, "rt does not run from its distribution, which carries the Maven artifacts"
                                + " projects build against; run rt through bin/rt"));
        if (!Files.isDirectory(artifacts)) {
            throw new RtException(ErrorCode.USAGE, "rt's Maven artifacts are missing from " + artifacts
                    + "; reinstall rt");
        }
        return artifacts;
    }

    /**
     * Copies rt's artifacts into this repository where they are missing or differ.
     *
     * @return the files copied, relative to the repository
     */
    public List<String> publish(Path artifacts) {
        List<String> copied = new ArrayList<>();
        Map<Path, List<String>> installedByDirectory = new TreeMap<>();
        try (Stream<Path> files = Files.walk(artifacts)) {
            for (Path file : files.filter(Files::isRegularFile).sorted()
                    .filter(file -> !file.getFileName().toString().equals("_remote.repositories")).toList()) {
                Path relative = artifacts.relativize(file);
                Path destination = root.resolve(relative.toString());
                installedByDirectory.computeIfAbsent(destination.getParent(), d -> new ArrayList<>())
                        .add(file.getFileName().toString());
                if (Files.isRegularFile(destination) && Files.mismatch(file, destination) == -1) {
                    continue;
                }
                Files.createDirectories(destination.getParent());
                Path partial = Files.createTempFile(destination.getParent(), ".rt-", ".part");
                Files.copy(file, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, destination, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                copied.add(relative.toString());
            }
            for (Map.Entry<Path, List<String>> directory : installedByDirectory.entrySet()) {
                markInstalled(directory.getKey(), directory.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot put rt's Maven artifacts into " + root + ": " + e.getMessage(), e);
        }
        return copied;
    }

    /** As {@code mvn install} marks them: local artifacts, available to every project whatever its repositories. */
    private static void markInstalled(Path directory, List<String> files) throws IOException {
        StringBuilder text = new StringBuilder("#NOTE: This is a Maven Resolver internal implementation file, its format"
                + " can be changed without prior notice.\n");
        files.forEach(file -> text.append(file).append(">=\n"));
        Path tracking = directory.resolve("_remote.repositories");
        if (!Files.isRegularFile(tracking) || !Files.readString(tracking).equals(text.toString())) {
            Files.writeString(tracking, text);
        }
    }
}
