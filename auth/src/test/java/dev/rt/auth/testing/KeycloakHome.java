package dev.rt.auth.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Keycloak's distribution made ready to start without its slow first steps: unpacked from the Maven Central zip,
 * its Quarkus build done ({@code start-dev} augments the server on its first start: two minutes on a loaded
 * machine) and its development database created with the bootstrap admin, once per machine, in a cache directory
 * ({@code rt.keycloak.cache}, {@code ~/.cache/rt-tests} by default) guarded by a file lock. Each run then gets a
 * private copy of the small parts Keycloak writes (build output, configuration, database) and a link to the jars.
 */
final class KeycloakHome {
    static final String VERSION = "26.4.7";
    static final String ADMIN = "admin";
    static final String ADMIN_PASSWORD = "rt-test-admin";
    private static final Duration PREPARE_TIMEOUT = Duration.ofMinutes(10);

    private KeycloakHome() {
    }

    /** The prepared distribution, preparing it first if no test JVM of this machine has. */
    static Path prepared() throws IOException, InterruptedException {
        Path cache = Paths.get(System.getProperty("rt.keycloak.cache",
                System.getProperty("user.home") + "/.cache/rt-tests"));
        Files.createDirectories(cache);
        Path home = cache.resolve("keycloak-" + VERSION);
        try (FileChannel lock = FileChannel.open(cache.resolve("keycloak-" + VERSION + ".lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE); FileLock held = lock.lock()) {
            if (Files.isDirectory(home)) {
                return home;
            }
            Path staging = Files.createTempDirectory(cache, "keycloak-staging");
            KeycloakProcess.unzip(zip(), staging);
            Path unpacked = staging.resolve("keycloak-" + VERSION);
            try (KeycloakProcess first = KeycloakProcess.start(unpacked, PREPARE_TIMEOUT)) {
                first.awaitReady();
            }
            Files.move(unpacked, home, StandardCopyOption.ATOMIC_MOVE);
            delete(staging);
            return home;
        }
    }

    /** A private home for one run: its own database, build output and configuration; the jars linked. */
    static Path copyForRun(Path prepared) throws IOException {
        Path run = Files.createTempDirectory("rt-keycloak");
        try (Stream<Path> files = Files.walk(prepared)) {
            for (Path source : (Iterable<Path>) files::iterator) {
                Path relative = prepared.relativize(source);
                Path target = run.resolve(relative.toString());
                if (relative.toString().isEmpty()) {
                    continue;
                }
                if (relative.equals(Paths.get("lib", "lib"))) {
                    Files.createSymbolicLink(target, source);
                } else if (relative.startsWith(Paths.get("lib", "lib"))) {
                    continue;
                } else if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return run;
    }

    static void delete(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path path : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path zip() {
        String configured = System.getProperty("rt.keycloak.zip");
        Path zip = configured != null ? Paths.get(configured) : Paths.get(System.getProperty("user.home"),
                ".m2/repository/org/keycloak/keycloak-quarkus-dist", VERSION,
                "keycloak-quarkus-dist-" + VERSION + ".zip");
        if (!Files.isRegularFile(zip)) {
            throw new IllegalStateException("Keycloak's distribution is not at " + zip + ": the auth module's test"
                    + " dependency org.keycloak:keycloak-quarkus-dist:" + VERSION + ":zip brings it");
        }
        return zip;
    }
}
