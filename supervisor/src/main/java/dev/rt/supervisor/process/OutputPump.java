package dev.rt.supervisor.process;

import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.log.WorkerStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Copies one output stream of a worker to the runtime log, on its own daemon thread: bytes, not lines, read
 * until the end of the stream (after the worker exited, the pipe still holds what it wrote last), so a
 * partial line, binary junk or a 1 MiB line cannot stall or break it ({@link WorkerStream} cuts the lines).
 */
public final class OutputPump implements Runnable {
    private final InputStream stream;
    private final WorkerStream output;

    private OutputPump(InputStream stream, WorkerStream output) {
        this.stream = stream;
        this.output = output;
    }

    public static Thread start(InputStream stream, RuntimeLog log, String serviceId, int workerIndex, boolean stderr) {
        Thread thread = new Thread(new OutputPump(stream, log.workerStream(serviceId, workerIndex, stderr)),
                "rt-" + (stderr ? "stderr-" : "stdout-") + serviceId + ":" + workerIndex);
        thread.setDaemon(true);
        thread.start();
        return thread;
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
        }
    }
}
