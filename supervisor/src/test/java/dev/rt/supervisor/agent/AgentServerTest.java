package dev.rt.supervisor.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.rt.protocol.ChannelStreams;
import dev.rt.protocol.FrameReader;
import dev.rt.protocol.FrameWriter;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.Protocol;
import dev.rt.protocol.Ready;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentServerTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();
    private AgentServer server;

    @BeforeEach
    void start() {
        RuntimeLog log = new RuntimeLog(new PrintStream(logged, true, StandardCharsets.UTF_8), false);
        server = AgentServer.start(dir.resolve("agent.sock"), new AgentEvents() {
            @Override
            public Optional<HelloAck> hello(AgentConnection connection, Hello hello) {
                events.add("hello " + hello.serviceId() + ":" + hello.workerIndex());
                return Optional.of(new HelloAck(hello.serviceId(), hello.workerIndex(), "java",
                        JsonNodeFactory.instance.objectNode(), "/srv", List.of(), 1, true, 1000, List.of(),
                        HelloAck.DEFAULT_MESSAGING_TIMEOUT_MILLIS, false, ""));
            }

            @Override
            public void message(AgentConnection connection, Message message) {
                events.add(connection + " " + message);
            }

            @Override
            public void disconnected(AgentConnection connection, Optional<String> error) {
                events.add("disconnected " + connection + error.map(e -> ": " + e).orElse(""));
            }
        }, log);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private SocketChannel connect() throws IOException {
        return SocketChannel.open(UnixDomainSocketAddress.of(dir.resolve("agent.sock")));
    }

    private String next() throws InterruptedException {
        String event = events.poll(10, TimeUnit.SECONDS);
        assertThat(event).as("an event within 10 s").isNotNull();
        return event;
    }

    @Test
    void handshakeThenFramesReachTheSupervisor() throws Exception {
        try (SocketChannel channel = connect()) {
            var writer = new FrameWriter(ChannelStreams.output(channel));
            writer.write(new Hello(Protocol.VERSION, "api", 0, 42));
            assertThat(new FrameReader(ChannelStreams.input(channel)).read()).get().isInstanceOf(HelloAck.class);
            writer.write(new Ready(8080));

            assertThat(next()).isEqualTo("hello api:0");
            assertThat(next()).isEqualTo("worker api:0 Ready[port=8080, address=127.0.0.1]");
        }
        assertThat(next()).isEqualTo("disconnected worker api:0");
    }

    @Test
    void oversizedFrameClosesOnlyThatConnectionWithALoggedError() throws Exception {
        try (SocketChannel bad = connect(); SocketChannel good = connect()) {
            var goodWriter = new FrameWriter(ChannelStreams.output(good));
            goodWriter.write(new Hello(Protocol.VERSION, "api", 1, 43));
            assertThat(next()).isEqualTo("hello api:1");

            bad.write(ByteBuffer.allocate(4).putInt(Protocol.MAX_FRAME_BYTES + 1).flip());

            assertThat(next()).isEqualTo("disconnected unidentified worker: frame of 16777217 bytes exceeds the maximum of 16777216 bytes");
            assertThat(bad.read(ByteBuffer.allocate(1))).as("the server closed the bad connection").isEqualTo(-1);
            assertThat(logged.toString(StandardCharsets.UTF_8))
                    .contains("sent a bad frame: frame of 16777217 bytes exceeds the maximum of 16777216 bytes; closing its connection");

            goodWriter.write(new Ready(9090));
            assertThat(next()).isEqualTo("worker api:1 Ready[port=9090, address=127.0.0.1]");
        }
    }

    @Test
    void malformedJsonAfterTheHandshakeClosesTheConnection() throws Exception {
        try (SocketChannel channel = connect()) {
            new FrameWriter(ChannelStreams.output(channel)).write(new Hello(Protocol.VERSION, "api", 2, 44));
            assertThat(next()).isEqualTo("hello api:2");
            byte[] junk = "{not json".getBytes(StandardCharsets.UTF_8);
            channel.write(ByteBuffer.allocate(4 + junk.length).putInt(junk.length).put(junk).flip());

            assertThat(next()).startsWith("disconnected worker api:2: malformed frame: not JSON");
        }
    }

    @Test
    void truncatedFrameClosesTheConnection() throws Exception {
        try (SocketChannel channel = connect()) {
            channel.write(ByteBuffer.allocate(6).putInt(100).put((byte) '{').put((byte) '"').flip());
            channel.shutdownOutput();
            assertThat(next()).isEqualTo("disconnected unidentified worker: truncated frame: the stream ended after 2 of 100 payload bytes");
        }
    }

    @Test
    void aFirstFrameOtherThanHelloIsRefused() throws Exception {
        try (SocketChannel channel = connect()) {
            new FrameWriter(ChannelStreams.output(channel)).write(new Ready(1));
            assertThat(next()).isEqualTo("disconnected unidentified worker: expected a hello frame first, found Ready");
        }
    }
}
