package dev.rt.supervisor.telemetry;

import dev.rt.supervisor.log.RuntimeLog;
import io.netty.util.internal.PlatformDependent;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Carries ended spans (the proxy's and the workers') to the exporters: the threads that end them only put them in a
 * bounded multi-producer queue, and one thread of its own turns them into {@link SpanData} and exports them in
 * batches of up to {@value #BATCH} (or, written straight into an OTLP body, up to {@value #BATCH_BYTES} bytes), a batch
 * leaving once full or {@link #EXPORT_DELAY} after its first span (large batches: under load each export, an HTTP
 * request to the collector, costs both sides more than its spans do). When the
 * exporters fall behind the queue fills and new spans are dropped, with one warning per minute at most; a request
 * never waits.
 */
final class SpanPipeline implements AutoCloseable {
    static final Duration EXPORT_DELAY = Duration.ofMillis(500);
    static final int CAPACITY = 65_536;
    static final int BATCH = 2048;
    /** Half the 4 MiB a collector takes in one OTLP message by default. */
    static final int BATCH_BYTES = 2 * 1024 * 1024;
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long EXPORT_TIMEOUT_SECONDS = 30;
    private static final long WARNING_INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final long REANCHOR_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** A span recorded and ended, not yet in the exporters' form. */
    interface Pending {
        /** Adds the span, and any it carries (a worker's, from its response head), to {@code out}. */
        void finish(Clock clock, List<SpanData> out);

        /**
         * Writes the span, and any it carries, into {@code encoder} instead, when it can: whether it did. The
         * pipeline asks when the one exporter takes OTLP protobuf ({@link OtlpHttpExporter}).
         */
        default boolean encode(Clock clock, OtlpSpanEncoder encoder) {
            return false;
        }
    }

    /**
     * Wall-clock nanoseconds from {@link System#nanoTime}, anchored when made; the export thread makes a new one every
     * {@link #REANCHOR_NANOS}, so that the spans follow the wall clock (the workers' spans are timed by it).
     */
    static final class Clock {
        private final long epochAnchor;
        private final long nanoAnchor = System.nanoTime();

        Clock() {
            Instant now = Instant.now();
            epochAnchor = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        }

        long epochNanos(long nanoTime) {
            return epochAnchor + (nanoTime - nanoAnchor);
        }
    }

    private final Queue<Pending> queue = PlatformDependent.newFixedMpscQueue(CAPACITY);
    private final Queue<CompletableFuture<Void>> flushes = new ConcurrentLinkedQueue<>();
    private final List<SpanExporter> exporters;
    private final ExportFailures encodedExport; // the one exporter, when it takes rt's spans encoded; else null
    private final OtlpSpanEncoder encoder = new OtlpSpanEncoder(); // the export thread's
    private final RuntimeLog log;
    private Clock clock = new Clock(); // the export thread's
    private final AtomicLong dropped = new AtomicLong();
    private final Thread thread;
    private volatile boolean closing;
    private List<SpanData> batch = new ArrayList<>(BATCH);
    private long batchStart;
    private long lastWarning;
    private boolean warned;
    private long warnedDropped;

    SpanPipeline(List<SpanExporter> exporters, RuntimeLog log) {
        this.exporters = List.copyOf(exporters);
        this.encodedExport = exporters.size() == 1 && exporters.get(0) instanceof ExportFailures failures
                && failures.exporter() instanceof OtlpHttpExporter ? failures : null;
        this.log = log;
        this.thread = new Thread(this::run, "rt-span-export");
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues an ended span; drops it when the queue is full. Any thread; never blocks. */
    void add(Pending span) {
        if (!queue.offer(span)) {
            dropped.incrementAndGet();
        }
    }

    /** Exports what is queued now, waiting up to {@code limit}. */
    void flush(Duration limit) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        flushes.add(done);
        LockSupport.unpark(thread);
        try {
            done.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            // what was not exported in time goes with the next batch
        }
    }

    /** Exports what is queued (for up to 5 s) and shuts the exporters down. */
    @Override
    public void close() {
        closing = true;
        LockSupport.unpark(thread);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (SpanExporter exporter : exporters) {
            exporter.shutdown().join(5, TimeUnit.SECONDS);
        }
    }

    private void run() {
        while (true) {
            boolean last = closing;
            CompletableFuture<Void> flush = flushes.poll();
            drain();
            long now = System.nanoTime();
            if (batchSize() != 0 && (last || flush != null || now - batchStart >= EXPORT_DELAY.toNanos())) {
                export();
            }
            while (flush != null) {
                flush.complete(null);
                flush = flushes.poll();
            }
            warnOfDrops(now);
            if (now - clock.nanoAnchor >= REANCHOR_NANOS) {
                clock = new Clock();
            }
            if (last) {
                return;
            }
            LockSupport.parkNanos(this, POLL_NANOS);
        }
    }

    private void drain() {
        Pending span;
        while ((span = queue.poll()) != null) {
            if (batchSize() == 0) {
                batchStart = System.nanoTime();
            }
            try {
                if (encodedExport == null || !span.encode(clock, encoder)) {
                    span.finish(clock, batch);
                }
            } catch (RuntimeException e) {
                dropped.incrementAndGet(); // a span that cannot be turned into data is one span lost, not the thread
            }
            if (batch.size() >= BATCH || encoder.bytes() >= BATCH_BYTES) {
                export();
            }
        }
    }

    private int batchSize() {
        return batch.size() + encoder.count();
    }

    private void export() {
        List<SpanData> spans = batch;
        batch = new ArrayList<>(BATCH);
        if (encodedExport != null) {
            int count = encoder.count() + spans.size();
            boolean encoded = encoder.count() != 0;
            if (encoded) {
                encoder.write();
            }
            OtlpHttpExporter otlp = (OtlpHttpExporter) encodedExport.exporter();
            CompletableResultCode result = encodedExport.export(count, () -> otlp.export(encoded ? encoder.bodyArray()
                    : null, encoder.bodySize(), spans)).join(EXPORT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!result.isDone()) {
                encoder.release(); // the HttpClient may still read the body, to send it again
            }
            return;
        }
        List<CompletableResultCode> results = new ArrayList<>(exporters.size());
        for (SpanExporter exporter : exporters) {
            try {
                results.add(exporter.export(spans));
            } catch (RuntimeException e) {
                // ExportFailures reports the exporters that send spans away; the others do not fail
            }
        }
        for (CompletableResultCode result : results) {
            result.join(EXPORT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
    }

    private void warnOfDrops(long now) {
        long total = dropped.get();
        if (total != warnedDropped && (!warned || now - lastWarning >= WARNING_INTERVAL_NANOS)) {
            log.warn("Dropped " + (total - warnedDropped) + " spans: the exporters fell behind the requests");
            warnedDropped = total;
            warned = true;
            lastWarning = now;
        }
    }
}
