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
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * The training run behind the class-data sharing archive of one kind's workers: the supervisor runs
 * {@code java -XX:ArchiveClassesAtExit=<file> -cp rt-worker-agent.jar:<kind jars> dev.rt.agent.ClassDataTraining <kind>},
 * and this JVM lives one whole worker life against a stand-in supervisor on a UNIX socket: handshake, the kind's
 * {@linkplain Kind#trainingConfiguration() training application} started, {@code Ready}, one request through the
 * JDK {@code HttpClient}, one {@code Stats}, {@code Stop}, exit 0. The classes it loaded on the way (the agent's, its
 * relocated Jackson, the kind's, the JDK's HTTP client) go into the archive, which later workers map instead of
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
                    directory.toString(), List.of(), 1, true, 200));
            Ready ready = (Ready) next(reader, Ready.class);
            HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ready.port() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            next(reader, Stats.class);
            writer.write(new Stop(1, 1000));
            while (reader.read().isPresent()) {
                // the worker answers Stopped and exits 0, which ends this JVM and writes the archive
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
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

    private static Message next(FrameReader reader, Class<? extends Message> type) throws IOException {
        Message message = reader.read().orElseThrow(() -> new IOException("the training worker hung up"));
        if (!type.isInstance(message)) {
            throw new IOException("expected " + type.getSimpleName() + ", found " + message.getClass().getSimpleName());
        }
        return message;
    }
}
