package dev.rt.supervisor.telemetry;

import dev.rt.supervisor.log.RuntimeLog;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.Locale;

/**
 * The {@code console} exporter: one line in the runtime log per span,
 * {@code span GET /hello SERVER 200 2.41 ms trace=… span=… parent=…}.
 */
final class LogSpanExporter implements SpanExporter {
    private final RuntimeLog log;

    LogSpanExporter(RuntimeLog log) {
        this.log = log;
    }

    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
        for (SpanData span : spans) {
            log.info(line(span));
        }
        return CompletableResultCode.ofSuccess();
    }

    static String line(SpanData span) {
        Object status = span.getAttributes().get(ProxySpan.STATUS_CODE);
        StringBuilder line = new StringBuilder("span ").append(span.getName()).append(' ').append(span.getKind());
        if (status != null) {
            line.append(' ').append(status);
        }
        line.append(String.format(Locale.ROOT, " %.2f ms", (span.getEndEpochNanos() - span.getStartEpochNanos()) / 1e6))
                .append(" trace=").append(span.getTraceId()).append(" span=").append(span.getSpanId());
        if (span.getParentSpanContext().isValid()) {
            line.append(" parent=").append(span.getParentSpanId());
        }
        return line.toString();
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
