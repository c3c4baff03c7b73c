package dev.rt.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Optional;

/**
 * Reads frames from a stream. Never allocates a frame's declared size up front: the payload buffer grows
 * with the bytes that actually arrive, so a peer that announces 16 MiB and sends 10 bytes costs 10 bytes.
 */
public final class FrameReader {
    private static final int INITIAL_BUFFER_BYTES = 64 * 1024;
    private final InputStream in;

    public FrameReader(InputStream in) {
        this.in = in;
    }

    /**
     * The next message, or empty when the stream ends cleanly between frames.
     *
     * @throws ProtocolException for a frame that is too large, truncated or malformed
     * @throws IOException       when reading fails
     */
    public Optional<Message> read() throws IOException {
        byte[] header = in.readNBytes(FrameCodec.HEADER_BYTES);
        if (header.length == 0) {
            return Optional.empty();
        }
        if (header.length < FrameCodec.HEADER_BYTES) {
            throw new ProtocolException("truncated frame: the stream ended after " + header.length
                    + " of 4 header bytes");
        }
        long length = FrameCodec.payloadLength(header);
        if (length == 0) {
            throw new ProtocolException("malformed frame: empty payload");
        }
        if (length > Protocol.MAX_FRAME_BYTES) {
            throw new ProtocolException("frame of " + length + " bytes exceeds the maximum of "
                    + Protocol.MAX_FRAME_BYTES + " bytes");
        }
        return Optional.of(FrameCodec.decodePayload(readPayload((int) length)));
    }

    private byte[] readPayload(int length) throws IOException {
        byte[] buffer = new byte[Math.min(length, INITIAL_BUFFER_BYTES)];
        int filled = 0;
        while (filled < length) {
            if (filled == buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(length, 2L * buffer.length));
            }
            int n = in.read(buffer, filled, buffer.length - filled);
            if (n < 0) {
                throw new ProtocolException("truncated frame: the stream ended after " + filled + " of " + length
                        + " payload bytes");
            }
            filled += n;
        }
        return buffer;
    }
}
