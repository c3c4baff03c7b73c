package dev.rt.supervisor.telemetry;

import dev.rt.supervisor.log.RuntimeLog;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * An exporter that says when it fails: the spans of a failed export are dropped (a collector that refuses
 * connections never holds a request up: exports run on the batch processor's own thread), counted, and
 * reported in one warning per {@code interval} at most, with the reason and how many spans went since the
 * last warning.
 */
final class ExportFailures implements SpanExporter {
    static final Duration INTERVAL = Duration.ofSeconds(60);

    private final SpanExporter exporter;
    private final String where;
    private final RuntimeLog log;
    private final long intervalNanos;
    private final LongSupplier clock;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong droppedSinceWarning = new AtomicLong();
    private long lastWarning; // guarded by this
    private boolean warned; // guarded by this

    ExportFailures(SpanExporter exporter, String where, RuntimeLog log, Duration interval, LongSupplier clock) {
        this.exporter = exporter;
        this.where = where;
        this.log = log;
        this.intervalNanos = interval.toNanos();
        this.clock = clock;
    }

    ExportFailures(SpanExporter exporter, String where, RuntimeLog log) {
        this(exporter, where, log, INTERVAL, System::nanoTime);
    }

    /** Spans this exporter dropped since it started. */
    long dropped() {
        return dropped.get();
    }

    /** The exporter it watches. */
    SpanExporter exporter() {
        return exporter;
    }

    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
        return export(spans.size(), () -> exporter.export(spans));
    }

    /** Runs {@code export}, an export of {@code count} spans by the exporter it watches, and watches it. */
    CompletableResultCode export(int count, Supplier<CompletableResultCode> export) {
        CompletableResultCode result;
        try {
            result = export.get();
        } catch (RuntimeException e) {
            result = CompletableResultCode.ofExceptionalFailure(e);
        }
        CompletableResultCode exported = result;
        exported.whenComplete(() -> {
            if (!exported.isSuccess()) {
                failed(count, exported.getFailureThrowable());
            }
        });
        return result;
    }

    private void failed(int count, Throwable cause) {
        dropped.addAndGet(count);
        long since = droppedSinceWarning.addAndGet(count);
        long now = clock.getAsLong();
        synchronized (this) {
            if (warned && now - lastWarning < intervalNanos) {
                return;
            }
            warned = true;
            lastWarning = now;
        }
        droppedSinceWarning.addAndGet(-since);
        log.warn("Cannot export spans to " + where + ": " + reason(cause) + "; " + since
                + (since == 1 ? " span was" : " spans were") + " dropped (requests go on untraced; next warning in "
                + (intervalNanos / 1_000_000_000L) + " s at the earliest)");
    }

    private static String reason(Throwable cause) {
        if (cause == null) {
            return "the export failed";
        }
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null || root.getMessage().isBlank() ? root.getClass().getSimpleName()
                : root.getMessage();
        return root == cause ? message : cause.getMessage() + " (" + message + ")";
    }

    @Override
    public CompletableResultCode flush() {
        return exporter.flush();
    }

    @Override
    public CompletableResultCode shutdown() {
        return exporter.shutdown();
    }
}
