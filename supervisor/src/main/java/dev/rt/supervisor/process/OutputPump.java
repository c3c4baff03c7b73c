package dev.rt.supervisor.process;

import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.log.WorkerStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CompletableFuture;

/**
 * Copies one output stream of a worker to the runtime log, on its own daemon thread: bytes, not lines, read
 * until the end of the stream (after the worker exited, the pipe still holds what it wrote last), so a
 * partial line, binary junk or a 1 MiB line cannot stall or break it ({@link WorkerStream} cuts the lines).
 */
public final class OutputPump implements Runnable {
    private final InputStream stream;
    private final WorkerStream output;
    private final CompletableFuture<Void> ended = new CompletableFuture<>();

    private OutputPump(InputStream stream, WorkerStream output) {
        this.stream = stream;
        this.output = output;
    }

    /**
     * Pumps {@code stream} on a new thread. The returned future completes once the end of the stream was read and
     * everything before it was handed to the log, queued ahead of any line the runtime logs after that.
     */
    public static CompletableFuture<Void> start(InputStream stream, RuntimeLog log, String serviceId, int workerIndex,
            boolean stderr) {
        OutputPump pump = new OutputPump(stream, log.workerStream(serviceId, workerIndex, stderr));
        Thread thread = new Thread(pump, "rt-" + (stderr ? "stderr-" : "stdout-") + serviceId + ":" + workerIndex);
        thread.setDaemon(true);
        thread.start();
        return pump.ended;
    }

    @Override
    public void run() {
        byte[] buffer = new byte[64 * 1024];
        try (stream) {
            int read;
            while ((read = stream.read(buffer)) >= 0) {
                output.write(buffer, 0, read);
            }
        } catch (IOException e) {
            // the pipe broke: what was read is logged below, the worker's exit is reported by the supervisor
        } finally {
            output.end();
            ended.complete(null);
        }
    }
}
