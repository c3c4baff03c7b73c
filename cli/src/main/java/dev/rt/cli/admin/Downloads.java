package dev.rt.cli.admin;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
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
 * the CLI's (a dump may be larger than any heap), the page then fetches it once by its random id ({@link #send}), and
 * the file goes.
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
    private Optional<Download> take(String id) {
        return Optional.ofNullable(waiting.remove(id));
    }

    /** Answers {@code GET /downloads/<id>}: the file as an attachment, then gone; 404 when there is none. */
    void send(HttpExchange exchange, String id) throws IOException {
        var download = take(id);
        if (download.isEmpty()) {
            Reply.error(exchange, 404, "no download " + id + " (each is given once)");
            return;
        }
        try {
            Reply.headers(exchange, "application/octet-stream");
            exchange.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"" + download.get().name() + "\"");
            exchange.sendResponseHeaders(200, Files.size(download.get().file()));
            try (OutputStream out = exchange.getResponseBody()) {
                Files.copy(download.get().file(), out);
            }
        } finally {
            Files.deleteIfExists(download.get().file());
        }
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
