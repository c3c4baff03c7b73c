package dev.rt.kind.db.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds a database server's programs: on the PATH, else where Debian installs them off it. */
final class Programs {
    private Programs() {
    }

    static Path find(String name) {
        List<Path> candidates = new ArrayList<>();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isBlank()) {
                candidates.add(Path.of(dir, name));
            }
        }
        postgresBinDirs().forEach(dir -> candidates.add(dir.resolve(name)));
        candidates.add(Path.of("/usr/sbin", name));
        return candidates.stream().filter(Files::isExecutable).findFirst().orElseThrow(() -> new IllegalStateException(
                name + " is not installed (looked on the PATH, in /usr/lib/postgresql/*/bin and /usr/sbin);"
                        + " run .ci/tools, which installs PostgreSQL and MariaDB"));
    }

    private static List<Path> postgresBinDirs() {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(v -> v.resolve("bin")).filter(Files::isDirectory)
                    .sorted(Comparator.comparing(Programs::majorVersion).reversed()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Integer majorVersion(Path bin) {
        return Optional.ofNullable(bin.getParent().getFileName()).map(Path::toString)
                .filter(s -> s.matches("\\d+")).map(Integer::valueOf).orElse(0);
    }
}
