package dev.rt.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
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
 * {@code java -jar rt.jar <args>} as a separate process, the way a user runs it. Collects stdout and stderr
 * line by line, lets tests wait for a line, and on close kills the supervisor and every worker it reported
 * starting (workers are remembered by pid from the log, so they are found even after the supervisor died).
 */
final class RtProcess implements AutoCloseable {
    private static final Pattern WORKER_PID = Pattern.compile("\\(pid (\\d+)\\)");
    private static final Pattern LISTENING = Pattern.compile("rt is now listening at (https?://[^\"]+)");

    private final Process process;
    private final List<String> stdout = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    private final Set<Long> workerPids = ConcurrentHashMap.newKeySet();
    private final Set<List<String>> ended = ConcurrentHashMap.newKeySet();

    private RtProcess(Process process) {
        this.process = process;
        pump(process.getInputStream(), stdout);
        pump(process.getErrorStream(), stderr);
    }

    static RtProcess start(Path directory, Map<String, String> env, String... args) throws IOException {
        return start(false, directory, env, args);
    }

    /**
     * Like {@link #start(Path, Map, String...)}, in a process group of its own (through setsid), as a shell
     * runs a foreground job: {@link #interruptGroup()} then acts like Ctrl-C in a terminal.
     */
    static RtProcess startInOwnProcessGroup(Path directory, Map<String, String> env, String... args) throws IOException {
        return start(true, directory, env, args);
    }

    private static RtProcess start(boolean ownGroup, Path directory, Map<String, String> env, String... args)
            throws IOException {
        return startWith(ownGroup ? List.of("setsid") : List.of(), List.of(), directory, env, args);
    }

    /**
     * Like {@link #start(Path, Map, String...)}, with the command run through {@code prefix} (for example
     * {@code setpriv ...}) and extra JVM options (for example {@code -Djava.io.tmpdir=...}).
     */
    static RtProcess startWith(List<String> prefix, List<String> jvmOptions, Path directory, Map<String, String> env,
            String... args) throws IOException {
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
    static RtProcess launch(Path launcher, Path directory, Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM", launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().putAll(env);
        return new RtProcess(builder.start());
    }

    static Path cliJar() {
        return Path.of(System.getProperty("rt.cli.jar"));
    }

    long pid() {
        return process.pid();
    }

    Process process() {
        return process;
    }

    /** Waits for "rt is now listening at <url>" and returns the url. */
    String awaitListening(Duration limit) throws InterruptedException {
        Matcher matcher = LISTENING.matcher(awaitStdout("rt is now listening at", limit));
        if (!matcher.find()) {
            throw new AssertionError("no url in the listening line");
        }
        return matcher.group(1);
    }

    String awaitStdout(String text, Duration limit) throws InterruptedException {
        return await(stdout, text, limit);
    }

    int awaitExit(Duration limit) throws InterruptedException {
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("rt did not exit within " + limit + "\nstdout:\n" + stdout() + "\nstderr:\n" + stderr());
        }
        return process.exitValue();
    }

    /** Waits until rt has closed its standard output and error, so that {@link #stdout()} and {@link #stderr()} are whole. */
    void awaitOutputEnd(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        for (List<String> lines : List.of(stdout, stderr)) {
            synchronized (lines) {
                while (!ended.contains(lines)) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new AssertionError("rt's output did not end within " + limit + "\nstdout:\n" + stdout()
                                + "\nstderr:\n" + stderr());
                    }
                    lines.wait(Math.max(1, left / 1_000_000));
                }
            }
        }
    }

    void signal(String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
    }

    /** SIGINT to every process of the group, workers included: what Ctrl-C in a terminal does. */
    void interruptGroup() throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-INT", "--", "-" + process.pid()).inheritIO().start().waitFor();
    }

    Set<Long> workerPids() {
        synchronized (stdout) {
            return Set.copyOf(workerPids);
        }
    }

    String stdout() {
        synchronized (stdout) {
            return String.join("\n", stdout);
        }
    }

    String stderr() {
        synchronized (stderr) {
            return String.join("\n", stderr);
        }
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
                if (left <= 0 || ended.contains(lines)) {
                    throw new AssertionError("no line containing \"" + text + "\" within " + limit + "\nstdout:\n"
                            + stdout() + "\nstderr:\n" + stderr());
                }
                lines.wait(Math.max(1, Math.min(left / 1_000_000, 200)));
            }
        }
    }

    private void pump(InputStream stream, List<String> lines) {
        Thread thread = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    synchronized (lines) {
                        Matcher matcher = WORKER_PID.matcher(line);
                        if (matcher.find()) {
                            workerPids.add(Long.parseLong(matcher.group(1)));
                        }
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException e) {
                // process gone
            } finally {
                synchronized (lines) {
                    ended.add(lines);
                    lines.notifyAll();
                }
            }
        }, "rt-process-output");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() {
        process.destroyForcibly();
        for (long pid : workerPids()) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
