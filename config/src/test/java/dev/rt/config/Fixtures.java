package dev.rt.config;

import java.nio.file.Files;
import java.nio.file.Path;

/** The testdata folder, found through the one system property the build sets. */
final class Fixtures {
    private Fixtures() {
    }

    static Path testdata() {
        String dir = System.getProperty("rt.testdata.dir");
        if (dir == null || !Files.isDirectory(Path.of(dir))) {
            throw new IllegalStateException("system property rt.testdata.dir must name the testdata folder, found " + dir);
        }
        return Path.of(dir).toAbsolutePath().normalize();
    }

    /** A fixture application directory, {@code testdata/apps/<name>}. */
    static Path app(String name) {
        return testdata().resolve("apps").resolve(name);
    }
}
