package dev.rt.supervisor;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** A third-party program a test talks to, found on the PATH; a missing one fails the test, it never skips it. */
final class ExternalTool {
    private ExternalTool() {
    }

    static Path require(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new AssertionError(name + " is not installed (not on the PATH): run .ci/tools, which installs"
                + " Debian's prometheus package (promtool and prometheus), then run the tests again");
    }
}
