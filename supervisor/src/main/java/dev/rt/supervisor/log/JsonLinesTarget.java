package dev.rt.supervisor.log;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** JSON lines to a stream: standard output or error, or a file ({@code pino/file}, {@code stdout}). */
final class JsonLinesTarget implements LogTarget {
    private final OutputStream out;
    private final int threshold;
    private final boolean ownsStream;

    JsonLinesTarget(OutputStream out, int threshold, boolean ownsStream) {
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.threshold = threshold;
        this.ownsStream = ownsStream;
    }

    @Override
    public int threshold() {
        return threshold;
    }

    @Override
    public void write(LogEntry entry) throws IOException {
        out.write(entry.json().getBytes(StandardCharsets.UTF_8));
        out.write('\n');
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.flush();
        if (ownsStream) {
            out.close();
        }
    }
}
