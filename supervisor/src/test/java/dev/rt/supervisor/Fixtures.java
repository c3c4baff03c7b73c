package dev.rt.supervisor;

import java.nio.file.Files;
import java.nio.file.Path;

/** The testdata folder, found through the one system property the build sets. */
public final class Fixtures {
    private Fixtures() {
    }

    public static Path testdata() {
        String dir = System.getProperty("rt.testdata.dir");
        if (dir == null || !Files.isDirectory(Path.of(dir))) {
            throw new IllegalStateException("system property rt.testdata.dir must name the testdata folder, found " + dir);
        }
        return Path.of(dir).toAbsolutePath().normalize();
    }

    /** A fixture application directory, {@code testdata/apps/<name>}. */
    public static Path app(String name) {
        return testdata().resolve("apps").resolve(name);
    }

    /** A third-party jar the build copied from Maven Central, {@code target/fixtures/<name>} (for example h2.jar). */
    public static Path thirdPartyJar(String name) {
        String dir = System.getProperty("rt.fixtures.dir");
        Path jar = dir == null ? null : Path.of(dir).resolve(name);
        if (jar == null || !Files.isRegularFile(jar)) {
            throw new IllegalStateException("system property rt.fixtures.dir must name the folder the build copies "
                    + name + " into, found " + dir);
        }
        return jar.toAbsolutePath().normalize();
    }
}
