package dev.rt.kind.db.it;

import dev.rt.cli.e2e.RtProcess;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shared launcher ({@link RtProcess}) with this module's limits: 90 s for every wait, 30 s for a request and
 * 30 s for rt to stop on close. The launching, output and cleanup are RtProcess's.
 */
final class Rt implements AutoCloseable {
    static final Duration LIMIT = Duration.ofSeconds(90);

    private final RtProcess process;

    private Rt(RtProcess process) {
        this.process = process.stopGracefully(Duration.ofSeconds(30)).requestTimeout(Duration.ofSeconds(30));
    }

    /** {@code rt start -c <config>}, from the configuration's folder. */
    static Rt start(Path config) throws IOException {
        return run(config.getParent(), List.of("start", "-c", config.toString()));
    }

    /** rt with these arguments, in that directory. */
    static Rt run(Path directory, List<String> arguments) throws IOException {
        return new Rt(RtProcess.start(directory, Map.of(), arguments.toArray(String[]::new)));
    }

    Rt awaitListening() throws InterruptedException {
        process.awaitListening(LIMIT);
        return this;
    }

    String url() {
        return process.url();
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return process.get(path);
    }

    HttpResponse<String> send(String method, String path, String json) throws IOException, InterruptedException {
        return process.send(method, path, json);
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return process.send(request);
    }

    /** Sends a signal to rt itself ({@code USR2}). */
    void signal(String name) throws IOException, InterruptedException {
        process.signal(name);
    }

    /** Waits for rt to exit and, for up to 10 s more, for the rest of its output. */
    int awaitExit() throws InterruptedException {
        int status = process.awaitExit(LIMIT);
        process.outputEnded(Duration.ofSeconds(10));
        return status;
    }

    /** rt's own process id, which names its management socket. */
    long pid() {
        return process.pid();
    }

    /** The worker JVMs rt reported starting. */
    Set<Long> workers() {
        return process.workerPids();
    }

    String output() {
        return process.output();
    }

    /** Waits for a line containing {@code text} on stdout; fails with rt's output when none comes. */
    String awaitOutput(String text) throws InterruptedException {
        return process.awaitStdout(text, LIMIT);
    }

    /** Waits for the {@code n}th line containing {@code text} on stdout. */
    String awaitOutput(String text, int n) throws InterruptedException {
        return process.awaitStdout(text, n, LIMIT);
    }

    @Override
    public void close() {
        process.close();
    }
}
