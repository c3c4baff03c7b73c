package dev.rt.cli.project;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The Maven wrapper rt itself builds with ({@code mvnw}, {@code .mvn/wrapper/maven-wrapper.properties}), copied into
 * each generated project: a machine with only a JDK runs {@code ./mvnw test}, which fetches the pinned Maven from
 * Maven Central once.
 */
public final class MavenWrapper {
    private MavenWrapper() {
    }

    /** Adds the wrapper's files to {@code tree} under {@code base} (a relative directory, or empty). */
    public static void addTo(ProjectTree tree, String base) {
        String prefix = base.isEmpty() ? "" : base + "/";
        tree.add(prefix + "mvnw", read("mvnw"), true);
        tree.add(prefix + ".mvn/wrapper/maven-wrapper.properties", read("maven-wrapper.properties"), false);
    }

    private static byte[] read(String name) {
        try (InputStream in = MavenWrapper.class.getResourceAsStream("/dev/rt/cli/wrapper/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the Maven wrapper's " + name + " is missing from rt's jar; rebuild rt");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
