package dev.rt.supervisor;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Collects log output and wakes waiters on every write, so tests wait for a line, not for time. */
final class LogCapture extends java.io.OutputStream {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) {
        bytes.write(b);
        notifyAll();
    }

    @Override
    public synchronized void write(byte[] buffer, int offset, int length) {
        bytes.write(buffer, offset, length);
        notifyAll();
    }

    synchronized String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * Waits until {@code count} occurrences of {@code text} have been written; fails with the whole log after
     * {@code limit}. Counting and waiting hold the same lock, so a write between the two cannot be missed.
     */
    synchronized void awaitCount(String text, int count, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (count(text) < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(count + " log lines containing \"" + text + "\" expected within " + limit
                        + ", found " + count(text) + "; log:\n" + text());
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** How many times {@code text} occurs in what was written so far. */
    synchronized int count(String text) {
        String all = text();
        int count = 0;
        for (int at = all.indexOf(text); at >= 0; at = all.indexOf(text, at + 1)) {
            count++;
        }
        return count;
    }

    /** Waits for a line containing {@code text} and returns that line; fails with the whole log after {@code limit}. */
    synchronized String await(String text, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            String all = text();
            int at = all.indexOf(text);
            if (at >= 0) {
                int start = all.lastIndexOf('\n', at) + 1;
                int end = all.indexOf('\n', at);
                return all.substring(start, end < 0 ? all.length() : end);
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no log line containing \"" + text + "\" within " + limit + "; log:\n" + all);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /**
     * Waits until what was written matches {@code pattern} (found anywhere, {@link Matcher#find()}) and returns the
     * first match, its groups included; fails with the whole log after {@code limit}.
     */
    synchronized MatchResult awaitMatch(Pattern pattern, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            String all = text();
            Matcher matcher = pattern.matcher(all);
            if (matcher.find()) {
                return matcher.toMatchResult();
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("nothing matching /" + pattern + "/ in the log within " + limit + "; log:\n"
                        + all);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
