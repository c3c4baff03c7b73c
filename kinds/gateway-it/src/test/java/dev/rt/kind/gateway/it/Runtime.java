package dev.rt.kind.gateway.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code java -jar rt.jar <arguments>} from the distribution, as a user runs it, with extra environment variables.
 * Collects its output, finds the URL it listens at, and on close stops it (SIGTERM) and kills whatever worker it
 * reported and left alive.
 */
final class Runtime implements AutoCloseable {
    static final Path TESTDATA = Path.of(System.getProperty("rt.testdata.dir"));
    static final Path SERVICES = TESTDATA.resolve("services");
    private static final Pattern WORKER_PID = Pattern.compile("\\(pid (\\d+)\\)");
    private static final Pattern LISTENING = Pattern.compile("rt is now listening at (http://[^\"]+)");
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final List<String> stdout = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    private final Set<Long> workers = ConcurrentHashMap.newKeySet();
    private String url;

    private Runtime(Process process) {
        this.process = process;
        pump(process.getInputStream(), stdout);
        pump(process.getErrorStream(), stderr);
    }

    /** {@code rt start -c testdata/services/<fixture>}. */
    static Runtime start(String fixture) throws IOException {
        return run(List.of("start", "-c", SERVICES.resolve(fixture).toString()), Map.of());
    }

    /** rt with these arguments and these variables added to its environment. */
    static Runtime run(List<String> arguments, Map<String, String> environment) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-jar", System.getProperty("rt.cli.jar")));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).directory(TESTDATA.toFile());
        builder.environment().put("_JAVA_SR_SIGNUM", "39");
        builder.environment().putAll(environment);
        return new Runtime(builder.start());
    }

    /** Waits for the runtime to listen; fails with its output when it exits or does not within the limit. */
    Runtime awaitListening(Duration limit) throws InterruptedException {
        Matcher matcher = LISTENING.matcher(await(stdout, "rt is now listening at", limit));
        if (!matcher.find()) {
            throw new AssertionError("no URL in the listening line\n" + output());
        }
        url = matcher.group(1);
        return this;
    }

    String url() {
        return url;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path)).GET());
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    int awaitExit(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("rt did not exit within " + limit + "\n" + output());
        }
        return process.exitValue();
    }

    String stderr() {
        synchronized (stderr) {
            return String.join("\n", stderr);
        }
    }

    String stdout() {
        synchronized (stdout) {
            return String.join("\n", stdout);
        }
    }

    String output() {
        return stdout() + "\n--- stderr ---\n" + stderr();
    }

    /** Waits for a line containing {@code text} on stdout, and returns it. */
    String awaitOutput(String text, Duration limit) throws InterruptedException {
        return await(stdout, text, limit);
    }

    /** The worker JVMs it reported starting. */
    Set<Long> workers() {
        return Set.copyOf(workers);
    }

    private String await(List<String> lines, String text, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        synchronized (lines) {
            while (true) {
                for (String line : lines) {
                    if (line.contains(text)) {
                        return line;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || !process.isAlive() && exitedLongAgo()) {
                    throw new AssertionError("no line with \"" + text + "\" within " + limit + "\n" + output());
                }
                lines.wait(Math.max(1, Math.min(200, left / 1_000_000)));
            }
        }
    }

    private long exitedAt;

    /** Whether the process ended more than a second ago (its last lines had time to arrive). */
    private boolean exitedLongAgo() {
        if (exitedAt == 0) {
            exitedAt = System.nanoTime();
        }
        return System.nanoTime() - exitedAt > 1_000_000_000L;
    }

    private void pump(InputStream in, List<String> lines) {
        Thread thread = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    Matcher pid = WORKER_PID.matcher(line);
                    if (pid.find()) {
                        workers.add(Long.parseLong(pid.group(1)));
                    }
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "rt-output");
        thread.setDaemon(true);
        thread.start();
    }

    /** Sends SIGTERM, as {@link #close} does, but leaves its output open to the end (Process.destroy closes it). */
    void terminate() {
        process.toHandle().destroy();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (long pid : workers) {
            ProcessHandle.of(pid).filter(p -> p.info().commandLine().orElse("").contains("dev.rt.agent.WorkerMain"))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
