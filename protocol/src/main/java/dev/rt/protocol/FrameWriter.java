package dev.rt.protocol;

import java.io.IOException;
import java.io.OutputStream;

/** Writes whole frames; safe to share between threads (one frame is never interleaved with another). */
public final class FrameWriter {
    private final OutputStream out;

    public FrameWriter(OutputStream out) {
        this.out = out;
    }

    public void write(Message message) throws IOException {
        byte[] frame = FrameCodec.encode(message);
        synchronized (this) {
            out.write(frame);
            out.flush();
        }
    }
}
