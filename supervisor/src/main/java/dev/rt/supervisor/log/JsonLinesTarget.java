package dev.rt.supervisor.log;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** JSON lines to a stream: standard output or error, or a file ({@code pino/file}, {@code stdout}). */
final class JsonLinesTarget extends StreamTarget {
    JsonLinesTarget(OutputStream out, int threshold, boolean ownsStream) {
        super(out, threshold, ownsStream);
    }

    @Override
    public void write(LogEntry entry) throws IOException {
        out.write(entry.json().getBytes(StandardCharsets.UTF_8));
        out.write('\n');
    }
}
