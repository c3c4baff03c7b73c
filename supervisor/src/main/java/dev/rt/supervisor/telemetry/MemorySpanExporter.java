package dev.rt.supervisor.telemetry;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;

/** The {@code memory} exporter (for tests): keeps the latest {@link #CAPACITY} spans of the supervisor. */
final class MemorySpanExporter implements SpanExporter {
    static final int CAPACITY = 10_000;

    private final ArrayDeque<SpanData> spans = new ArrayDeque<>();

    @Override
    public synchronized CompletableResultCode export(Collection<SpanData> exported) {
        for (SpanData span : exported) {
            if (spans.size() == CAPACITY) {
                spans.removeFirst();
            }
            spans.addLast(span);
        }
        return CompletableResultCode.ofSuccess();
    }

    synchronized List<SpanData> spans() {
        return List.copyOf(spans);
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
