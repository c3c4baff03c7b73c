package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.testing.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code server.entrypointMode: "direct"} (issue 35): the supervisor binds the public port, the entrypoint's worker
 * accepts on it, and a SIGKILLed worker's connections wait in the accept queue for the worker that replaces it.
 * Which process holds a public connection is read from the kernel ({@code /proc/net/tcp} and each process's
 * descriptors), so the test tells the worker from the supervisor.
 */
class DirectEntrypointIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path directory;
    private static RtProcess rt;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        Path fixture = RtProcess.TESTDATA.resolve("service-plugins/target/fixtures/hello").toAbsolutePath();
        write("hello/rt.json", Map.of("$schema", "https://schemas.rt.dev/service/1.0.0.json",
                "server", Map.of("disableRequestLogging", true),
                "plugins", Map.of("paths", List.of(fixture.toString()))));
        Path runtime = write("rt.json", Map.of("$schema", "https://schemas.rt.dev/runtime/1.0.0.json",
                "entrypoint", "hello",
                "server", Map.of("hostname", "127.0.0.1", "port", 0, "entrypointMode", "direct"),
                "services", List.of(Map.of("id", "hello", "path", "hello"))));
        rt = RtProcess.fromTestdata(List.of("start", "-c", runtime.toString()), Map.of())
                .listening(Duration.ofSeconds(120));
        port = URI.create(rt.url()).getPort();
    }

    @AfterAll
    static void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    @Test
    void theWorkerHoldsThePublicConnectionAndAnswersIt() throws Exception {
        rt.awaitStdout("themselves (server.entrypointMode: direct)");
        try (Socket client = new Socket("127.0.0.1", port)) {
            client.setSoTimeout(20_000);
            String answer = exchange(client, "keep-alive");

            assertThat(answer).startsWith("HTTP/1.1 200").contains("{\"hello\":\"world\"}");
            long holder = holderOf(client).orElseThrow(() -> new AssertionError("no process holds the connection"));
            assertThat(holder).isNotEqualTo(rt.pid()).isIn(rt.workerPids());
        }
    }

    @Test
    void aKilledWorkersConnectionsWaitForTheNextOneWithNoRefusal() throws Exception {
        long killed = answeringWorker();
        LongAdder refused = new LongAdder();
        LongAdder reset = new LongAdder();
        LongAdder answered = new LongAdder();
        AtomicBoolean stop = new AtomicBoolean();
        Map<Long, Boolean> answeredBy = new ConcurrentHashMap<>();
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread thread = new Thread(() -> {
                while (!stop.get()) {
                    try (Socket client = new Socket()) {
                        client.setSoTimeout(60_000);
                        client.connect(new InetSocketAddress("127.0.0.1", port), 60_000);
                        String answer = exchange(client, "keep-alive");
                        if (answer.startsWith("HTTP/1.1 200")) {
                            answered.increment();
                            holderOf(client).ifPresent(pid -> answeredBy.put(pid, true));
                        } else {
                            reset.increment();
                        }
                    } catch (ConnectException e) {
                        refused.increment();
                    } catch (IOException e) {
                        reset.increment(); // a request the killed worker had accepted: in flight, it dies with it
                    }
                }
            });
            thread.start();
            clients.add(thread);
        }
        try {
            Await.atMost(Duration.ofSeconds(60)).alias("20 answers before the kill").until(() -> answered.sum() >= 20);
            new ProcessBuilder("kill", "-KILL", Long.toString(killed)).inheritIO().start().waitFor();
            Await.atMost(Duration.ofSeconds(90)).alias("an answer from a worker after the kill")
                    .until(() -> answeredBy.keySet().stream().anyMatch(pid -> pid != killed));
        } finally {
            stop.set(true);
            for (Thread client : clients) {
                client.join();
            }
        }

        assertThat(answeredBy.keySet()).as("answered by a worker after the kill").anyMatch(pid -> pid != killed);
        assertThat(refused.sum()).as("refused connections (answered %d, reset %d)", answered.sum(), reset.sum())
                .isZero();
    }

    @Test
    void whatCannotMoveKeepsTheProxiedPathAndRtStartSaysWhyOnce() throws Exception {
        Path fixture = RtProcess.TESTDATA.resolve("service-plugins/target/fixtures/hello").toAbsolutePath();
        write("based/hello/rt.json", Map.of("$schema", "https://schemas.rt.dev/service/1.0.0.json",
                "server", Map.of("disableRequestLogging", true),
                "plugins", Map.of("paths", List.of(fixture.toString()))));
        Path runtime = write("based/rt.json", Map.of("$schema", "https://schemas.rt.dev/runtime/1.0.0.json",
                "entrypoint", "hello", "basePath", "/api",
                "server", Map.of("hostname", "127.0.0.1", "port", 0, "entrypointMode", "direct"),
                "services", List.of(Map.of("id", "hello", "path", "hello"))));
        try (RtProcess based = RtProcess.fromTestdata(List.of("start", "-c", runtime.toString()), Map.of())
                .listening(Duration.ofSeconds(120))) {
            assertThat(based.get("/api/hello").body()).isEqualTo("{\"hello\":\"world\"}");
            assertThat(based.stdout()).contains("stays proxied by the supervisor: basePath is set")
                    .doesNotContain("themselves (server.entrypointMode: direct)");
            assertThat(based.stdout().split("stays proxied", -1)).hasSize(2);
        }
    }

    /** The worker that answers a request now. */
    private static long answeringWorker() throws IOException {
        try (Socket client = new Socket("127.0.0.1", port)) {
            client.setSoTimeout(20_000);
            exchange(client, "keep-alive");
            return holderOf(client).orElseThrow(() -> new AssertionError("no process holds the connection"));
        }
    }

    private static String exchange(Socket client, String connection) throws IOException {
        OutputStream out = client.getOutputStream();
        out.write(("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: " + connection + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        byte[] buffer = new byte[4096];
        StringBuilder answer = new StringBuilder();
        while (!answer.toString().contains("}")) {
            int read = client.getInputStream().read(buffer);
            if (read < 0) {
                throw new IOException("closed after " + answer.length() + " bytes");
            }
            answer.append(new String(buffer, 0, read, StandardCharsets.US_ASCII));
        }
        return answer.toString();
    }

    /** The pid of the rt process (supervisor or worker) that holds the server side of {@code client}'s connection. */
    private static Optional<Long> holderOf(Socket client) throws IOException {
        String local = String.format("%04X", port);
        String remote = String.format("%04X", client.getLocalPort());
        String inode = null;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            List<String> lines = Files.readAllLines(Path.of(table));
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.trim().split("\\s+");
                if (fields[1].endsWith(":" + local) && fields[2].endsWith(":" + remote)) {
                    inode = fields[9];
                }
            }
        }
        if (inode == null) {
            return Optional.empty();
        }
        String target = "socket:[" + inode + "]";
        List<Long> candidates = new ArrayList<>(rt.workerPids());
        candidates.add(rt.pid());
        for (long pid : candidates) {
            try (var descriptors = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
                if (descriptors.anyMatch(fd -> target.equals(linkOf(fd)))) {
                    return Optional.of(pid);
                }
            } catch (IOException e) {
                // that process is gone
            }
        }
        return Optional.empty();
    }

    private static String linkOf(Path descriptor) {
        try {
            return Files.readSymbolicLink(descriptor).toString();
        } catch (IOException e) {
            return "";
        }
    }

    private static Path write(String name, Map<String, Object> content) throws IOException {
        Path file = directory.resolve(name);
        Files.createDirectories(file.getParent());
        JSON.writeValue(file.toFile(), content);
        return file;
    }
}
