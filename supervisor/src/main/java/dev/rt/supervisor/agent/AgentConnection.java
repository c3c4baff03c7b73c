package dev.rt.supervisor.agent;

import dev.rt.protocol.ChannelStreams;
import dev.rt.protocol.FrameWriter;
import dev.rt.protocol.Message;
import java.io.IOException;
import java.nio.channels.SocketChannel;

/** The supervisor's end of one worker's socket. Sending is thread-safe. */
public final class AgentConnection implements AutoCloseable {
    private final SocketChannel channel;
    private final FrameWriter writer;
    private volatile String label = "unidentified worker";

    AgentConnection(SocketChannel channel) {
        this.channel = channel;
        this.writer = new FrameWriter(ChannelStreams.output(channel));
    }

    SocketChannel channel() {
        return channel;
    }

    void identify(String serviceId, int workerIndex) {
        this.label = "worker " + serviceId + ":" + workerIndex;
    }

    /** Sends a frame; false when the worker is no longer connected. */
    public boolean send(Message message) {
        try {
            writer.write(message);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public String toString() {
        return label;
    }
}
