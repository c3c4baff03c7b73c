package dev.rt.supervisor.management;

import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Every JSON line the runtime writes, kept on disk in {@code logs/logs.<N>} under the runtime's directory:
 * files of {@link #FILE_SIZE} bytes, a new one when the current one is full, the oldest removed so that at
 * most {@code ceil(maxSize / FILE_SIZE)} files (at least two) remain. {@link #follow} replays files and then
 * delivers new lines, with nothing lost or repeated between the two (one lock orders both). The supervisor opens
 * it before it logs anything, so that the history begins with the runtime's first line, and closes it last.
 */
public final class LogStore implements AutoCloseable {
    static final long FILE_SIZE = 5L << 20;

    private final Path directory;
    private final long fileSize;
    private final int maxFiles;
    private final List<Consumer<String>> followers = new CopyOnWriteArrayList<>();
    private final AutoCloseable subscription;
    private int first;        // under this
    private int current;      // under this
    private long written;     // under this
    private OutputStream out; // under this

    private LogStore(Path directory, long maxBytes, long fileSize, RuntimeLog log) throws IOException {
        this.directory = Files.createDirectories(directory);
        this.fileSize = fileSize;
        this.maxFiles = (int) Math.max(2, (maxBytes + fileSize - 1) / fileSize);
        this.out = Files.newOutputStream(file(0));
        this.subscription = log.subscribe(this::append);
    }

    public static LogStore open(Path directory, long maxBytes, RuntimeLog log) {
        return open(directory, maxBytes, FILE_SIZE, log);
    }

    static LogStore open(Path directory, long maxBytes, long fileSize, RuntimeLog log) {
        try {
            return new LogStore(directory, maxBytes, fileSize, log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the logs in " + directory, e);
        }
    }

    /** The indexes of the files kept, oldest first. */
    synchronized List<Integer> indexes() {
        List<Integer> indexes = new ArrayList<>();
        for (int i = first; i <= current; i++) {
            indexes.add(i);
        }
        return indexes;
    }

    /** The content of one kept file. */
    synchronized Optional<String> read(int index) {
        if (index < first || index > current) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file(index), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Every kept line, oldest first. */
    synchronized String all() {
        StringBuilder all = new StringBuilder();
        indexes().forEach(i -> read(i).ifPresent(all::append));
        return all.toString();
    }

    /**
     * Hands {@code sink} the files from {@code start} on (from the oldest kept when {@code start} is gone), then
     * each new line as it is written, until the returned handle is closed. {@code sink} must not block.
     */
    synchronized AutoCloseable follow(int start, Consumer<String> sink) {
        for (int i = Math.max(start, first); i <= current; i++) {
            read(i).filter(text -> !text.isEmpty()).ifPresent(sink);
        }
        Consumer<String> line = text -> sink.accept(text + "\n");
        followers.add(line);
        return () -> followers.remove(line);
    }

    private synchronized void append(String json) {
        byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            if (written > 0 && written + bytes.length > fileSize) {
                rotate();
            }
            out.write(bytes);
            out.flush();
            written += bytes.length;
        } catch (IOException e) {
            // the console still has the line; the on-disk history misses it
        }
        for (Consumer<String> follower : followers) {
            follower.accept(json);
        }
    }

    private void rotate() throws IOException {
        out.close();
        current++;
        written = 0;
        out = Files.newOutputStream(file(current));
        while (current - first + 1 > maxFiles) {
            Files.deleteIfExists(file(first));
            first++;
        }
    }

    private Path file(int index) {
        return directory.resolve("logs." + index);
    }

    @Override
    public synchronized void close() {
        try {
            subscription.close();
            out.close();
        } catch (Exception e) {
            // closing anyway
        }
    }
}
