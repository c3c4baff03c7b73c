package dev.rt.agent;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.kind.testing.TestPorts;
import dev.rt.protocol.ChannelStreams;
import dev.rt.protocol.FrameReader;
import dev.rt.protocol.FrameWriter;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.Protocol;
import dev.rt.protocol.Stats;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Plays the supervisor for one real worker JVM: listens on a UNIX socket in a temporary directory, starts
 * {@code java -cp <test class path> dev.rt.agent.WorkerMain} with the supervisor's environment and reads the
 * worker's frames on a thread. {@link #close} always destroys the process, also when the test failed.
 */
final class FakeSupervisor implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(20);
    static final String SERVICE_ID = "api";

    private static final Object END_OF_STREAM = new Object();

    private final ServerSocketChannel server;
    private final Process process;
    private final OutputLines stdout;
    private final OutputLines stderr;
    private final BlockingQueue<Object> frames = new LinkedBlockingQueue<>();
    private SocketChannel channel;
    private FrameWriter writer;

    private FakeSupervisor(ServerSocketChannel server, Process process) {
        this.server = server;
        this.process = process;
        this.stdout = new OutputLines(process.getInputStream(), "worker-stdout");
        this.stderr = new OutputLines(process.getErrorStream(), "worker-stderr");
    }

    static FakeSupervisor start(Path dir, List<String> jvmOptions) throws IOException {
        return start(dir, jvmOptions, env -> { });
    }

    /** Starts a worker; {@code environment} may change the supervisor's variables before the start. */
    static FakeSupervisor start(Path dir, List<String> jvmOptions, Consumer<Map<String, String>> environment)
            throws IOException {
        return start(dir, jvmOptions, environment, System.getProperty("java.class.path"));
    }

    /** Starts a worker with its own class path, as the supervisor does: the agent jar, then the application. */
    static FakeSupervisor start(Path dir, List<String> jvmOptions, Consumer<Map<String, String>> environment,
            String classPath) throws IOException {
        Path socket = dir.resolve("agent.sock");
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        int port = TestPorts.unused(); // the PORT a wrapped application binds later: one nothing else picks meanwhile
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-XX:TieredStopAtLevel=1", "-Dserver.port=" + port));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath, WorkerMain.class.getName()));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("RT_"));
        env.put(Protocol.ENV_AGENT_SOCKET, socket.toString());
        env.put(Protocol.ENV_SERVICE_ID, SERVICE_ID);
        env.put(Protocol.ENV_WORKER_ID, "0");
        env.put(Protocol.ENV_ROOT, dir.toString());
        env.put(Protocol.ENV_PORT, Integer.toString(port));
        environment.accept(env);
        try {
            return new FakeSupervisor(server, builder.start());
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** A HelloAck with test defaults: kind java, 100 ms stats, exit on unhandled errors. */
    static HelloAck ack(ObjectNode configuration, Path serviceDirectory, int meshProxyPort, boolean exitOnUnhandledErrors) {
        return new HelloAck(SERVICE_ID, 0, "java", configuration, serviceDirectory.toString(), List.of("--greeting", "hi"),
                meshProxyPort, exitOnUnhandledErrors, 100, List.of(), HelloAck.DEFAULT_MESSAGING_TIMEOUT_MILLIS, false,
                "");
    }

    /** A service configuration of the java kind: {@code {"java": {key: value}}}. */
    static ObjectNode java(String key, String value) {
        ObjectNode configuration = JsonNodeFactory.instance.objectNode();
        configuration.putObject("java").put(key, value);
        return configuration;
    }

    /** Waits for the worker to connect and returns its Hello. */
    Hello awaitHello() throws Exception {
        CompletableFuture<SocketChannel> accepted = CompletableFuture.supplyAsync(() -> {
            try {
                return server.accept();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        CompletableFuture.anyOf(accepted, process.onExit()).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        if (!accepted.isDone()) {
            throw new AssertionError("the worker exited with " + process.exitValue() + " before connecting:\n"
                    + stderr.whenEnded(TIMEOUT));
        }
        channel = accepted.get();
        writer = new FrameWriter(ChannelStreams.output(channel));
        Thread reader = new Thread(this::readFrames, "fake-supervisor-reader");
        reader.setDaemon(true);
        reader.start();
        return next(Hello.class);
    }

    private void readFrames() {
        FrameReader reader = new FrameReader(ChannelStreams.input(channel));
        try {
            for (Optional<Message> frame = reader.read(); frame.isPresent(); frame = reader.read()) {
                frames.add(frame.get());
            }
        } catch (IOException | RuntimeException e) {
            // closed by the test or by the worker's exit
        }
        frames.add(END_OF_STREAM);
    }

    void send(Message message) throws IOException {
        writer.write(message);
    }

    /** The next frame of {@code type}, skipping Stats unless Stats are asked for. */
    <T extends Message> T next(Class<T> type) throws InterruptedException {
        while (true) {
            Object frame = frames.poll(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (frame == null || frame == END_OF_STREAM) {
                String what = frame == null ? "no frame" : "the worker closed the socket";
                throw new AssertionError(what + " while waiting for " + type.getSimpleName() + "; stderr so far:\n"
                        + stderr.text());
            }
            if (type.isInstance(frame)) {
                return type.cast(frame);
            }
            if (!(frame instanceof Stats)) {
                throw new AssertionError("expected " + type.getSimpleName() + ", found " + frame);
            }
        }
    }

    /** Closes the supervisor's end of the socket, as a supervisor that dies does. */
    void closeConnection() throws IOException {
        channel.close();
        server.close();
    }

    /** The exit status; fails when the worker is still running after {@code timeout}. */
    int awaitExit(Duration timeout) throws Exception {
        try {
            return process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS).exitValue();
        } catch (TimeoutException e) {
            throw new AssertionError("the worker was still running after " + timeout + "; stderr:\n" + stderr.text());
        }
    }

    Process process() {
        return process;
    }

    OutputLines stdout() {
        return stdout;
    }

    OutputLines stderr() {
        return stderr;
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        try {
            process.onExit().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("the worker " + process.pid() + " did not end when killed", e);
        }
        if (channel != null) {
            channel.close();
        }
        server.close();
    }
}
