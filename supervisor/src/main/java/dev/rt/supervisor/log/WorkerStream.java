package dev.rt.supervisor.log;

import dev.rt.supervisor.concurrent.DaemonThreads;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One output stream of one worker (stdout or stderr), fed with the bytes as they arrive: cut into lines
 * ({@link LineSplitter}), joined into entries ({@link EntryGrouping}), handed to the runtime log. An entry
 * that may still grow (the last line read, which a stack trace could follow) waits at most
 * {@link #QUIET_MILLIS} of silence, or {@link #TRACE_QUIET_MILLIS} when it is a stack trace already. The reader of
 * the stream calls {@link #write} and, at end of stream, {@link #end()}.
 */
public final class WorkerStream {
    static final long QUIET_MILLIS = 30;
    /**
     * {@code printStackTrace} writes a trace line by line: a pause inside one is its thread waiting for a processor
     * on a busy machine (a second and more with a load of 30 on two cores), not its end, which the next line of
     * anything else shows at once. Only a trace that nothing follows waits this long to be written.
     */
    static final long TRACE_QUIET_MILLIS = 5_000;
    private static final ScheduledExecutorService QUIET =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rt-log-quiet"));

    private final RuntimeLog log;
    private final LineSplitter splitter;
    private final EntryGrouping grouping;
    private long generation;
    private boolean timerSet;

    WorkerStream(RuntimeLog log, String serviceId, int workerIndex, boolean stderr) {
        this.log = log;
        EntryGrouping.Sink sink = (text, level) -> log.workerEntry(serviceId, workerIndex, stderr, text, level);
        this.grouping = new EntryGrouping(sink);
        this.splitter = new LineSplitter(this::line);
    }

    private void line(String line) {
        generation++;
        grouping.line(line);
    }

    /** Bytes just read from the worker. */
    public synchronized void write(byte[] bytes, int offset, int count) {
        splitter.write(bytes, offset, count);
        if (grouping.hasPending() && !timerSet) {
            timerSet = true;
            long seen = generation;
            QUIET.schedule(() -> quiet(seen), quietMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private long quietMillis() {
        return grouping.inTrace() ? TRACE_QUIET_MILLIS : QUIET_MILLIS;
    }

    private synchronized void quiet(long seen) {
        timerSet = false;
        if (generation == seen) {
            grouping.flush();
        } else if (grouping.hasPending()) {
            timerSet = true;
            long now = generation;
            QUIET.schedule(() -> quiet(now), quietMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** The worker closed the stream (it exited): everything still held goes out, a partial last line too. */
    public synchronized void end() {
        splitter.end();
        grouping.flush();
        log.streamEnded();
    }
}
