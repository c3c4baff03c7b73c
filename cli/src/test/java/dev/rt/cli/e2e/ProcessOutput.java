package dev.rt.cli.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The lines a process writes on one stream, read by a daemon thread as they come: a test waits for a line, or for
 * the stream to end (the process and every child sharing the stream closed it), and reads what came so far.
 */
final class ProcessOutput {
    private final List<String> lines = new ArrayList<>();
    private boolean ended;

    private ProcessOutput() {
    }

    /** Starts reading {@code stream}; {@code onLine} sees each line before it is kept. */
    static ProcessOutput pump(InputStream stream, String threadName, Consumer<String> onLine) {
        ProcessOutput output = new ProcessOutput();
        Thread thread = new Thread(() -> output.read(stream, onLine), threadName);
        thread.setDaemon(true);
        thread.start();
        return output;
    }

    private void read(InputStream stream, Consumer<String> onLine) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                onLine.accept(line);
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            // the process is gone, or its streams were closed
        } finally {
            synchronized (lines) {
                ended = true;
                lines.notifyAll();
            }
        }
    }

    /**
     * The {@code n}th line containing {@code text}, once it has come; empty when the stream ended or the limit
     * passed first.
     */
    Optional<String> await(String text, int n, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        synchronized (lines) {
            while (true) {
                int seen = 0;
                for (String line : lines) {
                    if (line.contains(text) && ++seen == n) {
                        return Optional.of(line);
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || ended) {
                    return Optional.empty();
                }
                lines.wait(Math.max(1, Math.min(200, left / 1_000_000)));
            }
        }
    }

    /** Waits for the end of the stream; whether it ended within the limit. */
    boolean awaitEnd(Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        synchronized (lines) {
            while (!ended) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                lines.wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }

    String text() {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }
}
