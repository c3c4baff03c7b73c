package dev.rt.cli.admin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Heap dumps and JFR recordings on their way to the browser: the action writes the file into a private folder of
 * the CLI's (a dump may be larger than any heap), the page then fetches it once by its random id, and the file goes.
 * Whatever is left is removed when {@code rt admin} ends.
 */
final class Downloads implements AutoCloseable {
    /** A file waiting, and the name the browser saves it under. */
    record Download(Path file, String name) {
    }

    private final Path folder;
    private final Map<String, Download> waiting = new ConcurrentHashMap<>();

    Downloads() {
        try {
            folder = Files.createTempDirectory("rt-admin-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a folder for downloads", e);
        }
    }

    /** A new file in the folder, for the management client to write. */
    Path newFile() {
        return folder.resolve(UUID.randomUUID() + ".part");
    }

    /** Offers {@code file} under {@code name}; returns its id. */
    String offer(Path file, String name) {
        String id = UUID.randomUUID().toString();
        waiting.put(id, new Download(file, name));
        return id;
    }

    /** The file of {@code id}, given once. */
    Optional<Download> take(String id) {
        return Optional.ofNullable(waiting.remove(id));
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            // a temporary folder: the system cleans it up
        }
    }
}
