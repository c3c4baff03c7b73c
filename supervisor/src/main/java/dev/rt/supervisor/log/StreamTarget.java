package dev.rt.supervisor.log;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A target that writes lines to one buffered stream (standard output or error, or a file it opened itself):
 * the level threshold, the flush, and closing the stream only when it owns it.
 */
abstract class StreamTarget implements LogTarget {
    protected final OutputStream out;
    private final int threshold;
    private final boolean ownsStream;

    StreamTarget(OutputStream out, int threshold, boolean ownsStream) {
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.threshold = threshold;
        this.ownsStream = ownsStream;
    }

    @Override
    public final int threshold() {
        return threshold;
    }

    @Override
    public final void flush() throws IOException {
        out.flush();
    }

    @Override
    public final void close() throws IOException {
        out.flush();
        if (ownsStream) {
            out.close();
        }
    }
}
