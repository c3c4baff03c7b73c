package dev.rt.cli.admin;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The runtime's log as it streams in: chunks cut into lines, and the last {@value #MAX_LINES} lines kept, so that a tab
 * opened later is handed them first. Not thread-safe: {@link LiveFeed}'s log thread alone {@linkplain #cut cuts}, and
 * it holds its own lock around {@link #keep}, {@link #lines} and {@link #dropped}.
 */
final class LogTail {
    static final int MAX_LINES = 10_000;

    private final ArrayDeque<String> lines = new ArrayDeque<>();
    private final StringBuilder pending = new StringBuilder();
    private boolean dropped;

    /** Forgets a partial line: the stream it came from ended. */
    void restart() {
        pending.setLength(0);
    }

    /** Appends {@code chunk}; hands each complete line that is not blank to {@code line}. */
    void cut(String chunk, Consumer<String> line) {
        pending.append(chunk);
        int newline;
        while ((newline = pending.indexOf("\n")) >= 0) {
            String complete = pending.substring(0, newline);
            pending.delete(0, newline + 1);
            if (!complete.isBlank()) {
                line.accept(complete);
            }
        }
    }

    /** Keeps {@code line}, dropping the oldest beyond {@value #MAX_LINES}. */
    void keep(String line) {
        lines.addLast(line);
        if (lines.size() > MAX_LINES) {
            lines.removeFirst();
            dropped = true;
        }
    }

    /** Whether lines were dropped from the front. */
    boolean dropped() {
        return dropped;
    }

    /** The kept lines, oldest first. */
    List<String> lines() {
        return new ArrayList<>(lines);
    }
}
