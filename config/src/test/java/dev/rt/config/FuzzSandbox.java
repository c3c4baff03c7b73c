package dev.rt.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A scratch copy of testdata for fuzzing: {@code apps/} and {@code target/} are links to the real ones, and each try
 * gets a folder of its own at the depth of a golden folder ({@code configs/valid/try-N}), so that the golden files'
 * relative paths ({@code ../../../apps/probe}) still resolve after they are copied and mutated.
 */
final class FuzzSandbox implements AutoCloseable {
    private final Path root;
    private final AtomicInteger tries = new AtomicInteger();

    private FuzzSandbox(Path root) {
        this.root = root;
    }

    static FuzzSandbox create() {
        try {
            Path root = Files.createTempDirectory("rt-config-fuzz").toRealPath();
            Files.createSymbolicLink(root.resolve("apps"), Fixtures.testdata().resolve("apps"));
            Files.createSymbolicLink(root.resolve("target"), Fixtures.testdata().resolve("target"));
            Files.createDirectories(root.resolve("configs/valid"));
            return new FuzzSandbox(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path root() {
        return root;
    }

    /** An empty folder for one try. */
    Path emptyFolder() {
        try {
            return Files.createDirectory(root.resolve("configs/valid/try-" + tries.incrementAndGet()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy of a golden folder for one try. */
    Path copy(Path golden) {
        Path folder = emptyFolder();
        try (Stream<Path> files = Files.walk(golden)) {
            for (Path file : files.toList()) {
                Path target = folder.resolve(golden.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return folder;
    }

    /** Deletes a folder; links are removed, never followed. */
    static void delete(Path folder) {
        if (!Files.exists(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        delete(root);
    }
}
