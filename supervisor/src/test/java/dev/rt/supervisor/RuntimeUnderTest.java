package dev.rt.supervisor;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.RuntimeConfigLoader;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.worker.WorkerView;
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
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * A real supervisor with real worker JVMs, started from a configuration written to a temporary directory.
 * Closing it stops the runtime and kills any worker JVM that is still alive, even when the test failed.
 *
 * <p>Its log is written by several threads: most of the supervisor's own lines are out when the call that logged
 * them returns, but a worker's lines (its stdout and stderr, the kind's messages among them) are read from its pipes
 * by threads of their own, and the lines of busy paths (the scheduler's, the HTTP cache store's) are queued: they
 * arrive later. Assert on a line by waiting for it ({@link #awaitLog(String)}, {@link #awaitLogMatching(String)},
 * {@link #awaitCount(String, int)}); {@link #log()} is what arrived so far.
 */
final class RuntimeUnderTest implements AutoCloseable {
    /** How long the waits for a log line that are not given a limit wait: long enough for a loaded machine. */
    static final Duration LOG_WAIT = Duration.ofSeconds(60);

    private final LogCapture output = new LogCapture();
    private final Set<Long> pids = ConcurrentHashMap.newKeySet();
    private final Supervisor supervisor;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private String url;

    private RuntimeUnderTest(RuntimeConfig config, RuntimeOptions options) {
        this(config, options, Map.of("RT_CLASS_DATA_SHARING", "false")); // ClassDataArchiveTest covers it
    }

    private RuntimeUnderTest(RuntimeConfig config, RuntimeOptions options, Map<String, String> realEnv) {
        this.supervisor = new Supervisor(config, options, new RuntimeLog(config.sections().logger(), config.root(),
                config.services().stream().map(s -> s.id()).toList(), new PrintStream(output, true, StandardCharsets.UTF_8),
                false), realEnv);
    }

    /** Writes {@code rt.json} into {@code dir} and loads it. */
    static RuntimeUnderTest configure(Path dir, String runtimeJson) throws IOException {
        return configure(dir, runtimeJson, RuntimeOptions.DEFAULTS);
    }

    /**
     * Like {@link #configure(Path, String)}, but started in dependency order, as a configuration without a
     * {@code services} list is (autoloaded services cannot declare {@code dependencies} themselves).
     */
    static RuntimeUnderTest configureInDependencyOrder(Path dir, String runtimeJson) throws IOException {
        Files.writeString(dir.resolve("rt.json"), runtimeJson);
        RuntimeConfig c = new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty());
        RuntimeConfig inDependencyOrder = new RuntimeConfig(c.file(), c.root(), c.entrypoint(), c.services(), c.server(),
                c.gracefulShutdown(), c.startTimeout(), c.restartOnError(), c.serviceTimeout(), c.messagingTimeout(),
                c.exitOnUnhandledErrors(), c.watch(), false, c.basePath(), c.sections(), c.settings(), c.warnings());
        return new RuntimeUnderTest(inDependencyOrder, RuntimeOptions.DEFAULTS);
    }

    /** Like {@link #configure(Path, String)}, with the supervisor seeing {@code realEnv} as its environment. */
    static RuntimeUnderTest configureWithEnvironment(Path dir, String runtimeJson, Map<String, String> realEnv)
            throws IOException {
        Files.writeString(dir.resolve("rt.json"), runtimeJson);
        return new RuntimeUnderTest(new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty()), RuntimeOptions.DEFAULTS,
                realEnv);
    }

    /** Writes {@code rt.json} into {@code dir} and loads it, to run with {@code options}. */
    static RuntimeUnderTest configure(Path dir, String runtimeJson, RuntimeOptions options) throws IOException {
        Files.writeString(dir.resolve("rt.json"), runtimeJson);
        return new RuntimeUnderTest(new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty()), options);
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

    String url() {
        return url;
    }

    /** The worker with this label, as the supervisor sees it now. */
    WorkerView worker(String label) {
        return workers().stream().filter(w -> w.label().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no worker " + label + " in " + workers()));
    }

    /** Kills a worker's JVM with SIGKILL and waits until it is gone. */
    void kill(String label) {
        ProcessHandle process = ProcessHandle.of(worker(label).pid()).orElseThrow();
        process.destroyForcibly();
        process.onExit().join();
    }

    /** How many log lines so far contain {@code text}. */
    int count(String text) {
        return output.count(text);
    }

    /** Waits until {@code count} log lines contain {@code text}. */
    void awaitCount(String text, int count, Duration limit) throws InterruptedException {
        output.awaitCount(text, count, limit);
    }

    /** Waits up to {@link #LOG_WAIT} until {@code count} log lines contain {@code text}. */
    void awaitCount(String text, int count) throws InterruptedException {
        output.awaitCount(text, count, LOG_WAIT);
    }

    /**
     * The log so far. A worker's lines may not be in it yet (see the class comment): wait for a line before asserting
     * on it, and assert that a line is absent only once a line written after it would have been has arrived.
     */
    String log() {
        return output.text();
    }

    /** Waits for a log line containing {@code text}; fails with the whole log after {@code limit}. */
    String awaitLog(String text, Duration limit) throws InterruptedException {
        return output.await(text, limit);
    }

    /** Waits up to {@link #LOG_WAIT} for a log line containing {@code text}, and returns that line. */
    String awaitLog(String text) throws InterruptedException {
        return output.await(text, LOG_WAIT);
    }

    /** Waits up to {@link #LOG_WAIT} for a log line containing each of {@code texts}, in any order. */
    void awaitLogs(String... texts) throws InterruptedException {
        for (String text : texts) {
            output.await(text, LOG_WAIT);
        }
    }

    /** Waits up to {@link #LOG_WAIT} until the log matches {@code regex}; the first match, with its groups. */
    MatchResult awaitLogMatching(String regex) throws InterruptedException {
        return output.awaitMatch(Pattern.compile(regex), LOG_WAIT);
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
        return runtimeWith("", entrypoint, services);
    }

    /** A runtime configuration with extra top-level settings ({@code extra} ends with a comma, or is empty). */
    static String runtimeWith(String extra, String entrypoint, String... services) {
        return "{" + extra + "\"entrypoint\": \"" + entrypoint + "\", \"server\": {\"port\": 0}, \"services\": ["
                + String.join(", ", services) + "]}";
    }
}
