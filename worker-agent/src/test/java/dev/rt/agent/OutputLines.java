package dev.rt.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Collects the lines of a child process's stdout or stderr on a daemon thread, and lets a test wait for one. */
final class OutputLines {
    private final List<String> lines = new ArrayList<>();
    private final Thread pump;
    private boolean ended;

    OutputLines(InputStream stream, String name) {
        pump = new Thread(() -> pump(stream), name);
        pump.setDaemon(true);
        pump.start();
    }

    private void pump(InputStream stream) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (this) {
                    lines.add(line);
                    notifyAll();
                }
            }
        } catch (IOException e) {
            // the process was destroyed
        } finally {
            synchronized (this) {
                ended = true;
                notifyAll();
            }
        }
    }

    /** Waits for a line containing {@code text}; fails with everything seen so far when it does not come. */
    synchronized void await(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (lines.stream().noneMatch(line -> line.contains(text))) {
            long left = deadline - System.nanoTime();
            if (ended || left <= 0) {
                throw new AssertionError("no line containing \"" + text + "\" in:\n" + String.join("\n", lines));
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Everything, once the stream has ended (the process has exited). */
    String whenEnded(Duration timeout) throws InterruptedException {
        pump.join(timeout.toMillis());
        if (pump.isAlive()) {
            throw new UncheckedIOException(new IOException("the output did not end within " + timeout));
        }
        return text();
    }

    synchronized String text() {
        return String.join("\n", lines);
    }
}
