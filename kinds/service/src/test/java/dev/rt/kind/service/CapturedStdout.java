package dev.rt.kind.service;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Standard output captured while open (the service writes its log lines there), still echoed to the real one;
 * {@link #await} waits for a line to be written, with a bound.
 */
final class CapturedStdout implements AutoCloseable {
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private PrintStream original;

    /** Captures from now on; a service started after this writes its lines here. */
    synchronized void open() {
        original = System.out;
        PrintStream echo = original;
        System.setOut(new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                echo.write(bytes, offset, length);
                synchronized (CapturedStdout.this) {
                    captured.write(bytes, offset, length);
                    CapturedStdout.this.notifyAll();
                }
            }
        }, true, StandardCharsets.UTF_8));
    }

    synchronized String text() {
        return captured.toString(StandardCharsets.UTF_8);
    }

    /** The first whole line that contains {@code text}, once written; fails after {@code limit}. */
    synchronized String await(String text, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            for (String line : text().split("\n", -1)) {
                if (line.contains(text) && text().contains(line + "\n")) {
                    return line;
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no line with " + text + " within " + limit + " in:\n" + text());
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    @Override
    public synchronized void close() {
        if (original != null) {
            System.setOut(original);
            original = null;
        }
    }
}
