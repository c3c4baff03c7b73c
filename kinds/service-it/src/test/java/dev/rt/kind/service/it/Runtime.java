package dev.rt.kind.service.it;

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
 * {@code java -jar rt.jar start -c <config>} from the distribution, as a user runs it. Collects its output, finds the
 * URL it listens at, and on close stops it (SIGTERM) and kills whatever worker it reported and left alive.
 */
final class Runtime implements AutoCloseable {
    static final Path TESTDATA = Path.of(System.getProperty("rt.testdata.dir"));
    private static final Pattern WORKER_PID = Pattern.compile("\\(pid (\\d+)\\)");
    private static final Pattern LISTENING = Pattern.compile("rt is now listening at (http://[^\"]+)");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
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

    /** Starts rt on a fixture configuration under testdata/services/. */
    static Runtime start(String fixture) throws IOException {
        return startCommand(List.of("start", "-c", TESTDATA.resolve("services").resolve(fixture).toString()));
    }

    /** Runs rt with these arguments. */
    static Runtime startCommand(List<String> arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-jar", System.getProperty("rt.cli.jar")));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).directory(TESTDATA.toFile());
        builder.environment().put("_JAVA_SR_SIGNUM", "39");
        return new Runtime(builder.start());
    }

    /** Waits for the runtime to listen; fails with its output when it exits or does not within the limit. */
    Runtime awaitListening(Duration limit) throws InterruptedException {
        String line = await(stdout, "rt is now listening at", limit);
        Matcher matcher = LISTENING.matcher(line);
        if (!matcher.find()) {
            throw new AssertionError("no URL in " + line);
        }
        url = matcher.group(1);
        return this;
    }

    String url() {
        return url;
    }

    long pid() {
        return process.pid();
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path)).GET());
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String contentType, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url + path)).header("content-type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A request on the management API's socket, through curl: status line first, then the body. */
    List<String> management(String path) throws IOException, InterruptedException {
        Process curl = new ProcessBuilder("curl", "-s", "-w", "\n%{http_code}", "--unix-socket",
                Path.of(System.getProperty("java.io.tmpdir"), "rt", "pids", Long.toString(process.pid())).toString(),
                "http://localhost/api/v1" + path).redirectErrorStream(true).start();
        String output = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        curl.waitFor(20, TimeUnit.SECONDS);
        int cut = output.lastIndexOf('\n');
        return List.of(output.substring(cut + 1), output.substring(0, cut));
    }

    int awaitExit(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("rt did not exit within " + limit + "\n" + output());
        }
        return process.exitValue();
    }

    /** SIGTERM, as systemd or Ctrl-C would stop it. */
    void terminate() {
        process.destroy();
    }

    Set<Long> workers() {
        return Set.copyOf(workers);
    }

    String stderr() {
        synchronized (stderr) {
            return String.join("\n", stderr);
        }
    }

    String output() {
        synchronized (stdout) {
            return String.join("\n", stdout) + "\n--- stderr ---\n" + stderr();
        }
    }

    /** Waits for a line containing {@code text} on stdout. */
    String awaitOutput(String text, Duration limit) throws InterruptedException {
        return await(stdout, text, limit);
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
                if (left <= 0 || (!process.isAlive() && lines.size() == count(lines))) {
                    throw new AssertionError("no line with \"" + text + "\" within " + limit + "\n" + output());
                }
                lines.wait(Math.max(1, Math.min(200, left / 1_000_000)));
            }
        }
    }

    private static int count(List<String> lines) {
        return lines.size();
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
