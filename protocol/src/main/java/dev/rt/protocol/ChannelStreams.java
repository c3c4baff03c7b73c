package dev.rt.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Blocking streams over a {@link SocketChannel} (TCP or UNIX domain) that let one thread read while another
 * writes. {@link java.nio.channels.Channels#newInputStream} cannot be used for that: its read holds the
 * channel's blocking lock, so a writer waits until a frame arrives.
 */
public final class ChannelStreams {
    private ChannelStreams() {
    }

    public static InputStream input(SocketChannel channel) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                if (length == 0) {
                    return 0;
                }
                int n;
                do {
                    n = channel.read(ByteBuffer.wrap(buffer, offset, length));
                } while (n == 0);
                return n;
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }

    public static OutputStream output(SocketChannel channel) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] buffer, int offset, int length) throws IOException {
                ByteBuffer bytes = ByteBuffer.wrap(buffer, offset, length);
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }
}
