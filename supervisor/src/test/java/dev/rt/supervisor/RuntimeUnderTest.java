package dev.rt.supervisor;

import dev.rt.supervisor.config.RuntimeConfig;
import dev.rt.supervisor.config.RuntimeConfigLoader;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A real supervisor with real worker JVMs, started from a configuration written to a temporary directory.
 * Closing it stops the runtime and kills any worker JVM that is still alive, even when the test failed.
 */
final class RuntimeUnderTest implements AutoCloseable {
    private final LogCapture output = new LogCapture();
    private final Set<Long> pids = ConcurrentHashMap.newKeySet();
    private final Supervisor supervisor;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private String url;

    private RuntimeUnderTest(RuntimeConfig config) {
        this.supervisor = new Supervisor(config, new RuntimeLog(new PrintStream(output, true, StandardCharsets.UTF_8), false),
                Map.of());
    }

    /** Writes {@code rt.json} into {@code dir} and loads it. */
    static RuntimeUnderTest configure(Path dir, String runtimeJson) throws IOException {
        Files.writeString(dir.resolve("rt.json"), runtimeJson);
        return new RuntimeUnderTest(new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty()));
    }

    RuntimeUnderTest start() {
        try {
            supervisor.start();
        } finally {
            rememberPids();
        }
        url = supervisor.url();
        return this;
    }

    Supervisor supervisor() {
        return supervisor;
    }

    List<WorkerView> workers() {
        List<WorkerView> workers = supervisor.workers();
        workers.forEach(w -> pids.add(w.pid()));
        return workers;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    String log() {
        return output.text();
    }

    /** Waits for a log line containing {@code text}; fails with the whole log after {@code limit}. */
    String awaitLog(String text, Duration limit) throws InterruptedException {
        return output.await(text, limit);
    }

    /** Every worker pid this runtime has shown so far. */
    Set<Long> pids() {
        rememberPids();
        return Set.copyOf(pids);
    }

    private void rememberPids() {
        for (String line : log().split("\n")) {
            int at = line.indexOf("(pid ");
            if (at >= 0) {
                pids.add(Long.parseLong(line.substring(at + 5, line.indexOf(')', at))));
            }
        }
    }

    @Override
    public void close() {
        try {
            supervisor.stop();
        } finally {
            for (long pid : pids()) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    static String service(String id, String app) {
        return "{\"id\": \"" + id + "\", \"path\": \"" + Fixtures.app(app) + "\"}";
    }

    static String service(String id, String app, String extra) {
        return "{\"id\": \"" + id + "\", \"path\": \"" + Fixtures.app(app) + "\", " + extra + "}";
    }

    static String runtime(String entrypoint, String... services) {
        return "{\"entrypoint\": \"" + entrypoint + "\", \"server\": {\"port\": 0}, \"services\": ["
                + String.join(", ", services) + "]}";
    }
}
