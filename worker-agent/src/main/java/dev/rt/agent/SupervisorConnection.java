package dev.rt.agent;

import dev.rt.protocol.ChannelStreams;
import dev.rt.protocol.FrameReader;
import dev.rt.protocol.FrameWriter;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.ProtocolException;
import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The worker's end of the supervisor's UNIX socket. One thread reads while others write: sends are
 * whole frames and never interleave.
 */
final class SupervisorConnection {
    private final FrameReader reader;
    private final FrameWriter writer;

    private SupervisorConnection(SocketChannel channel) {
        this.reader = new FrameReader(ChannelStreams.input(channel));
        this.writer = new FrameWriter(ChannelStreams.output(channel));
    }

    static SupervisorConnection open(Path socket) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
            return new SupervisorConnection(channel);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Sends {@code hello} and returns the supervisor's answer. */
    HelloAck handshake(Hello hello) throws IOException {
        send(hello);
        Message answer = read().orElseThrow(() -> new EOFException("the supervisor closed the socket before HelloAck"));
        if (answer instanceof HelloAck ack) {
            return ack;
        }
        throw new ProtocolException("expected helloAck after hello, found " + answer.getClass().getSimpleName());
    }

    void send(Message message) throws IOException {
        writer.write(message);
    }

    /** The next message, or empty when the supervisor closed the socket. */
    Optional<Message> read() throws IOException {
        return reader.read();
    }
}
