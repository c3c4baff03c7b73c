package dev.rt.kind.db.testing;

import dev.rt.kind.KindLog;
import java.util.ArrayList;
import java.util.List;

/** A log that keeps what it is given, for tests to read. */
public final class RecordingLog implements KindLog {
    private final List<String> lines = new ArrayList<>();

    @Override
    public synchronized void debug(String message) {
        lines.add("debug: " + message);
    }

    @Override
    public synchronized void info(String message) {
        lines.add("info: " + message);
    }

    @Override
    public synchronized void warn(String message) {
        lines.add("warn: " + message);
    }

    @Override
    public synchronized void error(String message) {
        lines.add("error: " + message);
    }

    @Override
    public synchronized void error(String message, Throwable cause) {
        lines.add("error: " + message + ": " + cause);
    }

    public synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    public synchronized List<String> warnings() {
        return lines.stream().filter(l -> l.startsWith("warn: ")).map(l -> l.substring(6)).toList();
    }

    public synchronized List<String> infos() {
        return lines.stream().filter(l -> l.startsWith("info: ")).map(l -> l.substring(6)).toList();
    }
}
