package dev.rt.supervisor.systemd;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.newsclub.net.unix.AFUNIXDatagramChannel;
import org.newsclub.net.unix.AFUNIXSocketAddress;

/**
 * The datagram socket systemd named in {@code NOTIFY_SOCKET}: a file system path, or a name in the abstract
 * namespace when it starts with {@code @}. Each {@link #send(String)} is one datagram of newline-separated
 * {@code KEY=value} assignments (sd_notify(3)). The JDK's UNIX sockets are stream-only, hence junixsocket.
 */
final class NotifySocket implements AutoCloseable {
    private final AFUNIXSocketAddress address;
    private final AFUNIXDatagramChannel channel;

    private NotifySocket(AFUNIXSocketAddress address, AFUNIXDatagramChannel channel) {
        this.address = address;
        this.channel = channel;
    }

    static NotifySocket open(String notifySocket) throws IOException {
        AFUNIXSocketAddress address = notifySocket.startsWith("@")
                ? AFUNIXSocketAddress.inAbstractNamespace(notifySocket.substring(1))
                : AFUNIXSocketAddress.of(Path.of(notifySocket));
        return new NotifySocket(address, AFUNIXDatagramChannel.open());
    }

    synchronized void send(String assignments) throws IOException {
        channel.send(ByteBuffer.wrap(assignments.getBytes(StandardCharsets.UTF_8)), address);
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was buffered: a datagram is sent whole or not at all
        }
    }
}
