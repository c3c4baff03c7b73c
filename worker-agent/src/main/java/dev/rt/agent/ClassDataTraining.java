package dev.rt.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.kind.Kind;
import dev.rt.protocol.ChannelStreams;
import dev.rt.protocol.FrameReader;
import dev.rt.protocol.FrameWriter;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.JsonTrees;
import dev.rt.protocol.Message;
import dev.rt.protocol.Ready;
import dev.rt.protocol.Stats;
import dev.rt.protocol.Stop;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.InetAddress;
import java.net.Socket;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * The training run behind the class-data sharing archive of one kind's workers: the supervisor runs
 * {@code java -XX:ArchiveClassesAtExit=<file> -cp rt-worker-agent.jar:<kind jars> dev.rt.agent.ClassDataTraining <kind>},
 * and this JVM lives one whole worker life against a stand-in supervisor on a UNIX socket: handshake, the kind's
 * {@linkplain Kind#trainingConfiguration() training application} started, {@code Ready}, one request over a plain
 * socket, one {@code Stats}, {@code Stop}, exit 0. The classes it loaded on the way (the agent's, the kind's, the
 * JDK's) go into the archive, which later workers map instead of
 * loading them.
 */
public final class ClassDataTraining {
    private ClassDataTraining() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        // a training JVM outlives no supervisor: it ends, without an archive, when its parent does
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
        if (args.length != 1) {
            System.err.println("usage: ClassDataTraining <kind>");
            Runtime.getRuntime().halt(2);
        }
        Kind kind = KindLookup.find(args[0], "training");
        JsonNode configuration = JsonTrees.parse(kind.trainingConfiguration().orElseThrow(
                () -> new IllegalArgumentException("the kind \"" + args[0] + "\" has no training configuration")));
        Path directory = Files.createTempDirectory("rt-cds-");
        Path socket = directory.resolve("agent.sock");
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        Thread supervisor = new Thread(() -> superviseOnce(server, directory, kind.name(), configuration),
                "rt-cds-supervisor");
        supervisor.start();
        new WorkerAgent(new WorkerEnvironment(socket, "training", 0, OptionalInt.empty()), new ProcessExit()).run();
        supervisor.join(); // the Stop ends the JVM before this returns
    }

    private static void superviseOnce(ServerSocketChannel server, Path directory, String kind, JsonNode configuration) {
        try (SocketChannel channel = server.accept()) {
            FrameReader reader = new FrameReader(ChannelStreams.input(channel));
            FrameWriter writer = new FrameWriter(ChannelStreams.output(channel));
            Hello hello = (Hello) next(reader, Hello.class);
            writer.write(new HelloAck(hello.serviceId(), hello.workerIndex(), kind, configuration,
                    directory.toString(), List.of(), 1, true, 200, List.of(), HelloAck.DEFAULT_MESSAGING_TIMEOUT_MILLIS,
                    false, ""));
            Ready ready = (Ready) next(reader, Ready.class);
            request(ready.port());
            next(reader, Stats.class);
            writer.write(new Stop(1, 1000));
            while (reader.read().isPresent()) {
                // the worker answers Stopped and exits 0, which ends this JVM and writes the archive
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("rt class-data training failed: " + e);
            Runtime.getRuntime().halt(1);
        } finally {
            try {
                Files.deleteIfExists(directory.resolve("agent.sock"));
                Files.deleteIfExists(directory);
            } catch (IOException e) {
                // a temporary directory left behind
            }
        }
    }

    /**
     * One {@code GET /} over a plain socket: the archive is to hold what a worker loads to answer it, not a client's
     * classes (the JDK's HTTP client and its TLS would put 500 classes into every worker's memory).
     */
    private static void request(int port) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.getOutputStream().write(("GET / HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getInputStream().readAllBytes();
        }
    }

    private static Message next(FrameReader reader, Class<? extends Message> type) throws IOException {
        Message message = reader.read().orElseThrow(() -> new IOException("the training worker hung up"));
        if (!type.isInstance(message)) {
            throw new IOException("expected " + type.getSimpleName() + ", found " + message.getClass().getSimpleName());
        }
        return message;
    }
}
