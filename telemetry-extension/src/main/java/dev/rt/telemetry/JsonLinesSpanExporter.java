package dev.rt.telemetry;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;

/**
 * The {@code file} exporter: appends each span to a file as one line of JSON ({@link SpanJson}). Each batch is one
 * write to a file opened for appending, so that several processes (the supervisor and the workers of a runtime)
 * can share one file without their lines mixing. The file and its directory are created when missing.
 */
public final class JsonLinesSpanExporter implements SpanExporter {
    private final Path file;
    private FileChannel channel; // opened on the first export, so that an exporter that never exports creates nothing

    public JsonLinesSpanExporter(Path file) {
        this.file = file.toAbsolutePath();
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized CompletableResultCode export(Collection<SpanData> spans) {
        StringBuilder lines = new StringBuilder(512 * spans.size());
        for (SpanData span : spans) {
            SpanJson.append(lines, span).append('\n');
        }
        try {
            if (channel == null) {
                Path parent = file.getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.APPEND);
            }
            ByteBuffer bytes = ByteBuffer.wrap(lines.toString().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            return CompletableResultCode.ofSuccess();
        } catch (IOException | RuntimeException e) {
            return CompletableResultCode.ofExceptionalFailure(new IOException("cannot append spans to " + file + ": "
                    + e.getMessage(), e));
        }
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public synchronized CompletableResultCode shutdown() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                return CompletableResultCode.ofExceptionalFailure(e);
            } finally {
                channel = null;
            }
        }
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public String toString() {
        return "JsonLinesSpanExporter{" + file + "}";
    }
}
