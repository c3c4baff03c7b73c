package dev.rt.supervisor.log;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * JSON lines to a file that rotates by size ({@code pino-roll}): lines go to {@code file}; when the next line
 * would take it past {@code size} bytes, {@code file.N-1} becomes {@code file.N} ... {@code file} becomes
 * {@code file.1}, and a new {@code file} starts. At most {@code limit.count} rotated files are kept; older
 * ones are deleted. A single line longer than {@code size} still goes whole into a file of its own.
 */
final class RollingFileTarget implements LogTarget {
    private final Path file;
    private final long maxBytes;
    private final int keep;
    private final int threshold;
    private OutputStream out;
    private long size;

    RollingFileTarget(Path file, long maxBytes, int keep, int threshold) throws IOException {
        this.file = file;
        this.maxBytes = maxBytes;
        this.keep = keep;
        this.threshold = threshold;
        open();
    }

    private void open() throws IOException {
        size = Files.exists(file) ? Files.size(file) : 0;
        out = new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND),
                1 << 16);
    }

    @Override
    public int threshold() {
        return threshold;
    }

    @Override
    public void write(LogEntry entry) throws IOException {
        byte[] line = (entry.json() + "\n").getBytes(StandardCharsets.UTF_8);
        if (size > 0 && size + line.length > maxBytes) {
            rotate();
        }
        out.write(line);
        size += line.length;
    }

    private void rotate() throws IOException {
        out.close();
        Files.deleteIfExists(rotated(keep));
        for (int n = keep - 1; n >= 1; n--) {
            if (Files.exists(rotated(n))) {
                Files.move(rotated(n), rotated(n + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (keep > 0) {
            Files.move(file, rotated(1), StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.delete(file);
        }
        open();
    }

    private Path rotated(int n) {
        return file.resolveSibling(file.getFileName() + "." + n);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
