package dev.rt.supervisor.log;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code logger.captureStdio: true}, in a JVM: whatever the supervisor's own process prints on
 * {@code System.out} or {@code System.err} (a library's stray output) becomes log entries, {@code caller}
 * STDOUT at level 30 or STDERR at level 50, without {@code name}, cut and joined like a worker's output.
 * Workers' output is always captured: it is read from their pipes whatever this setting says. Closing puts
 * the original streams back.
 */
final class StdioCapture implements AutoCloseable {
    private final PrintStream originalOut = System.out;
    private final PrintStream originalErr = System.err;
    private final WorkerStream out;
    private final WorkerStream err;

    StdioCapture(RuntimeLog log) {
        this.out = log.workerStream("", -1, false);
        this.err = log.workerStream("", -1, true);
        System.setOut(new PrintStream(new Feed(out), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new Feed(err), true, StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        System.out.flush();
        System.err.flush();
        System.setOut(originalOut);
        System.setErr(originalErr);
        out.end();
        err.end();
    }

    private static final class Feed extends OutputStream {
        private final WorkerStream stream;

        Feed(WorkerStream stream) {
            this.stream = stream;
        }

        @Override
        public void write(int b) {
            stream.write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            stream.write(bytes, offset, length);
        }
    }
}
