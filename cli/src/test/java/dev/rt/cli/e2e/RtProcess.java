package dev.rt.cli.e2e;

import java.io.IOException;
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
 * {@code java -jar rt.jar <args>} from the distribution ({@code rt.cli.jar}) as a separate process, the way a user
 * runs it: the one launcher of the CLI's and the kinds' end-to-end tests. Collects stdout and stderr line by line,
 * lets tests wait for a line, talks to the URL rt listens at, and on close stops rt and kills every worker it
 * reported starting (remembered by pid from its log, so found even after rt died).
 *
 * <p>rt's output arrives while the test runs, and a worker's lines reach rt's log on threads of their own, often
 * after the line the test waited for ("rt is now listening" comes before the lines a worker wrote as it started):
 * assert on a line by waiting for it ({@link #awaitStdout(String)}), or on the whole output once rt has exited
 * ({@link #awaitExit}); {@link #stdout()} is only what arrived so far.
 */
public final class RtProcess implements AutoCloseable {
    /** The fixtures folder, {@code rt.testdata.dir}. */
    public static final Path TESTDATA = Path.of(System.getProperty("rt.testdata.dir", "testdata"));
    /** The service fixtures, {@code testdata/services}. */
    public static final Path SERVICES = TESTDATA.resolve("services");

    private static final Pattern WORKER_PID = Pattern.compile("\\(pid (\\d+)\\)");
    private static final Pattern LISTENING = Pattern.compile("rt is now listening at (https?://[^\"]+)");
    /** How long the waits for a line that are not given a limit wait: long enough for a loaded machine. */
    public static final Duration WAIT = Duration.ofSeconds(90);
    public static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final Set<Long> workerPids = ConcurrentHashMap.newKeySet();
    private final ProcessOutput stdout;
    private final ProcessOutput stderr;
    private volatile String url;
    private volatile Duration stopGrace = Duration.ZERO;
    private volatile Duration requestTimeout = Duration.ofSeconds(20);

    private RtProcess(Process process) {
        this.process = process;
        this.stdout = ProcessOutput.pump(process.getInputStream(), "rt-stdout", this::noteWorker);
        this.stderr = ProcessOutput.pump(process.getErrorStream(), "rt-stderr", this::noteWorker);
    }

    public static RtProcess start(Path directory, Map<String, String> env, String... args) throws IOException {
        return startWith(List.of(), List.of(), directory, env, args);
    }

    /**
     * Like {@link #start(Path, Map, String...)}, in a process group of its own (through setsid), as a shell
     * runs a foreground job: {@link #interruptGroup()} then acts like Ctrl-C in a terminal.
     */
    public static RtProcess startInOwnProcessGroup(Path directory, Map<String, String> env, String... args)
            throws IOException {
        return startWith(List.of("setsid"), List.of(), directory, env, args);
    }

    /**
     * Like {@link #start(Path, Map, String...)}, with the command run through {@code prefix} (for example
     * {@code setpriv ...}) and extra JVM options (for example {@code -Djava.io.tmpdir=...}).
     */
    public static RtProcess startWith(List<String> prefix, List<String> jvmOptions, Path directory,
            Map<String, String> env, String... args) throws IOException {
        // As from an interactive shell: a build started in the background (`mvn verify &`) ignores SIGINT, and
        // a process inherits that, so the JVM would never hear the Ctrl-C the tests send.
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM"));
        command.addAll(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:+UseSerialGC");
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", cliJar().toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().put("_JAVA_SR_SIGNUM", "39"); // as bin/rt does: SIGUSR2 free for reload
        builder.environment().putAll(env);
        return new RtProcess(builder.start());
    }

    /** {@code launcher args} (a {@code bin/rt}, say) as a separate process, with the same collection of its output. */
    public static RtProcess launch(Path launcher, Path directory, Map<String, String> env, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM", launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().putAll(env);
        return new RtProcess(builder.start());
    }

    /**
     * rt with these arguments and variables added to its environment, run from testdata/ as the kinds' end-to-end
     * tests run it: on close it gets SIGTERM and 20 s to stop before it is killed.
     */
    public static RtProcess fromTestdata(List<String> arguments, Map<String, String> env) throws IOException {
        return start(TESTDATA, env, arguments.toArray(String[]::new)).stopGracefully(Duration.ofSeconds(20));
    }

    /** {@code rt start -c testdata/services/<fixture>}, as {@link #fromTestdata} runs it. */
    public static RtProcess startService(String fixture) throws IOException {
        return fromTestdata(List.of("start", "-c", SERVICES.resolve(fixture).toString()), Map.of());
    }

    public static Path cliJar() {
        return Path.of(System.getProperty("rt.cli.jar"));
    }

    /** On close, SIGTERM and up to {@code grace} to stop before SIGKILL (by default, SIGKILL at once). */
    public RtProcess stopGracefully(Duration grace) {
        this.stopGrace = grace;
        return this;
    }

    /** How long {@link #send} waits for an answer (by default 20 s). */
    public RtProcess requestTimeout(Duration timeout) {
        this.requestTimeout = timeout;
        return this;
    }

    public long pid() {
        return process.pid();
    }

    public Process process() {
        return process;
    }

    /** Waits for "rt is now listening at <url>" and returns the url, which {@link #url()} then returns too. */
    public String awaitListening(Duration limit) throws InterruptedException {
        Matcher matcher = LISTENING.matcher(awaitStdout("rt is now listening at", limit));
        if (!matcher.find()) {
            throw new AssertionError("no URL in the listening line\n" + output());
        }
        url = matcher.group(1);
        return url;
    }

    /** {@link #awaitListening}, for a call chained on the start. */
    public RtProcess listening(Duration limit) throws InterruptedException {
        awaitListening(limit);
        return this;
    }

    public String url() {
        if (url == null) {
            throw new IllegalStateException("rt has not been seen listening yet: call awaitListening first");
        }
        return url;
    }

    public String awaitStdout(String text, Duration limit) throws InterruptedException {
        return awaitStdout(text, 1, limit);
    }

    /** Waits up to {@link #WAIT} for a line containing {@code text} on stdout, and returns it. */
    public String awaitStdout(String text) throws InterruptedException {
        return awaitStdout(text, 1, WAIT);
    }

    /** Waits up to {@link #WAIT} for a line containing {@code text} on stderr, and returns it. */
    public String awaitStderr(String text) throws InterruptedException {
        return awaitStderr(text, WAIT);
    }

    /** Waits for the {@code n}th line containing {@code text} on stdout, and returns it. */
    public String awaitStdout(String text, int n, Duration limit) throws InterruptedException {
        return stdout.await(text, n, limit).orElseThrow(() -> missing(text, limit));
    }

    public String awaitStderr(String text, Duration limit) throws InterruptedException {
        return stderr.await(text, 1, limit).orElseThrow(() -> missing(text, limit));
    }

    private AssertionError missing(String text, Duration limit) {
        return new AssertionError("no line containing \"" + text + "\" within " + limit + "\n" + output());
    }

    /**
     * Waits until rt has exited and its output has been read whole: the exit is seen (by the JDK's reaper thread)
     * independently of the threads reading stdout and stderr, which may not yet have the last line rt wrote.
     * The output gets up to {@code limit} again to end.
     */
    public int awaitExit(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("rt did not exit within " + limit + "\n" + output());
        }
        awaitOutputEnd(limit);
        return process.exitValue();
    }

    /** Waits until rt has closed stdout and stderr, so that {@link #stdout()} and {@link #stderr()} are whole. */
    public void awaitOutputEnd(Duration limit) throws InterruptedException {
        if (!outputEnded(limit)) {
            throw new AssertionError("rt's output did not end within " + limit + "\n" + output());
        }
    }

    /** Waits up to {@code limit} for rt's output to end; whether it did. */
    public boolean outputEnded(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        return stdout.awaitEnd(limit) && stderr.awaitEnd(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url() + path)).GET());
    }

    public HttpResponse<String> post(String path, String contentType, String body)
            throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url() + path)).header("content-type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A JSON request with that method. */
    public HttpResponse<String> send(String method, String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(url() + path)).header("content-type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json)));
    }

    public HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.timeout(requestTimeout).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A request on the management API's socket, through curl: status line first, then the body. */
    public List<String> management(String path) throws IOException, InterruptedException {
        Process curl = new ProcessBuilder("curl", "-s", "-w", "\n%{http_code}", "--unix-socket",
                Path.of(System.getProperty("java.io.tmpdir"), "rt", "pids", Long.toString(process.pid())).toString(),
                "http://localhost/api/v1" + path).redirectErrorStream(true).start();
        String output = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        curl.waitFor(20, TimeUnit.SECONDS);
        int cut = output.lastIndexOf('\n');
        return List.of(output.substring(cut + 1), output.substring(0, cut));
    }

    /** Sends a signal to rt itself ({@code USR2}, {@code INT}); fails when kill does. */
    public void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /** SIGTERM, as systemd or Ctrl-C would stop it, leaving its output open to the end (Process.destroy closes it). */
    public void terminate() {
        process.toHandle().destroy();
    }

    /** SIGINT to every process of the group, workers included: what Ctrl-C in a terminal does. */
    public void interruptGroup() throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-INT", "--", "-" + process.pid()).inheritIO().start().waitFor();
    }

    /** The worker JVMs rt reported starting. */
    public Set<Long> workerPids() {
        return Set.copyOf(workerPids);
    }

    /** What rt wrote on stdout so far: whole once {@link #awaitExit} returned; else wait for a line first. */
    public String stdout() {
        return stdout.text();
    }

    public String stderr() {
        return stderr.text();
    }

    /** Both streams, for a failure message. */
    public String output() {
        return stdout() + "\n--- stderr ---\n" + stderr();
    }

    /** SIGTERM, then up to {@code grace} for rt to exit; whether it did (an interrupt ends the wait early). */
    private boolean stopped(Duration grace) {
        process.destroy();
        try {
            return process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void noteWorker(String line) {
        Matcher matcher = WORKER_PID.matcher(line);
        if (matcher.find()) {
            workerPids.add(Long.parseLong(matcher.group(1)));
        }
    }

    @Override
    public void close() {
        if (stopGrace.isZero() || !stopped(stopGrace)) {
            process.destroyForcibly();
        }
        for (long pid : workerPids) { // a worker it left alive, and not a process that took a dead one's pid
            ProcessHandle.of(pid).filter(p -> p.info().commandLine().orElse("").contains("dev.rt.agent.WorkerMain"))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
