package dev.rt.kind.db.it;

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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code java -jar rt.jar <arguments>} from the distribution, as a user runs it: collects its output, finds the URL
 * it listens at, and on close stops it (SIGTERM) and kills whatever worker it reported and left alive.
 */
final class Rt implements AutoCloseable {
    static final Duration LIMIT = Duration.ofSeconds(90);
    private static final Pattern WORKER_PID = Pattern.compile("\\(pid (\\d+)\\)");
    private static final Pattern LISTENING = Pattern.compile("rt is now listening at (http://[^\"]+)");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final List<String> stdout = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    private final Set<Long> workers = ConcurrentHashMap.newKeySet();
    private final List<Thread> pumps = new ArrayList<>();
    private String url;

    private Rt(Process process) {
        this.process = process;
        pump(process.getInputStream(), stdout);
        pump(process.getErrorStream(), stderr);
    }

    /** {@code rt start -c <config>}. */
    static Rt start(Path config) throws IOException {
        return run(config.getParent(), List.of("start", "-c", config.toString()));
    }

    /** rt with these arguments, in that directory. */
    static Rt run(Path directory, List<String> arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-jar", System.getProperty("rt.cli.jar")));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().put("_JAVA_SR_SIGNUM", "39"); // as bin/rt does: SIGUSR2 free for a reload
        return new Rt(builder.start());
    }

    Rt awaitListening() throws InterruptedException {
        Matcher matcher = LISTENING.matcher(awaitOutput("rt is now listening at"));
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

    HttpResponse<String> send(String method, String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path)).header("content-type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json)));
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sends a signal to rt itself ({@code USR2}). */
    void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + name + " failed");
        }
    }

    int awaitExit() throws InterruptedException {
        if (!process.waitFor(LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("rt did not exit within " + LIMIT + "\n" + output());
        }
        for (Thread pump : pumps) {
            pump.join(TimeUnit.SECONDS.toMillis(10)); // the rest of its output
        }
        return process.exitValue();
    }

    /** The worker JVMs rt reported starting. */
    Set<Long> workers() {
        return Set.copyOf(workers);
    }

    String output() {
        synchronized (stdout) {
            synchronized (stderr) {
                return String.join("\n", stdout) + "\n--- stderr ---\n" + String.join("\n", stderr);
            }
        }
    }

    /** Waits for a line containing {@code text} on stdout; fails with rt's output when none comes. */
    String awaitOutput(String text) throws InterruptedException {
        return awaitOutput(text, 1);
    }

    /** Waits for the {@code n}th line containing {@code text} on stdout. */
    String awaitOutput(String text, int n) throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        synchronized (stdout) {
            while (true) {
                int seen = 0;
                for (String line : stdout) {
                    if (line.contains(text) && ++seen == n) {
                        return line;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || !process.isAlive() && pumped) {
                    throw new AssertionError("no line with \"" + text + "\" within " + LIMIT + "\n" + output());
                }
                stdout.wait(Math.max(1, Math.min(200, left / 1_000_000)));
            }
        }
    }

    private volatile boolean pumped;

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
            } finally {
                if (lines == stdout) {
                    synchronized (lines) {
                        pumped = true;
                        lines.notifyAll();
                    }
                }
            }
        }, "rt-output");
        thread.setDaemon(true);
        pumps.add(thread);
        thread.start();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (long pid : workers) {
            ProcessHandle.of(pid).filter(p -> p.info().commandLine().orElse("").contains("dev.rt.agent.WorkerMain"))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
