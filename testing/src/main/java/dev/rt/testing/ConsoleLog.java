package dev.rt.testing;

import dev.rt.kind.KindLog;
import java.util.List;

/** A kind's log in a test: to standard error, from {@code level} up ({@code RT_LOG_LEVEL}, warn by default). */
final class ConsoleLog implements KindLog {
    private static final List<String> LEVELS = List.of("trace", "debug", "info", "warn", "error", "fatal", "silent");

    private final String serviceId;
    private final int threshold;

    ConsoleLog(String serviceId, String level) {
        this.serviceId = serviceId;
        int index = LEVELS.indexOf(level);
        this.threshold = index < 0 ? LEVELS.indexOf("warn") : index;
    }

    @Override
    public void debug(String message) {
        write("debug", message);
    }

    @Override
    public void info(String message) {
        write("info", message);
    }

    @Override
    public void warn(String message) {
        write("warn", message);
    }

    @Override
    public void error(String message) {
        write("error", message);
    }

    @Override
    public void error(String message, Throwable cause) {
        write("error", message);
        if (threshold <= LEVELS.indexOf("error")) {
            cause.printStackTrace();
        }
    }

    private void write(String level, String message) {
        if (LEVELS.indexOf(level) >= threshold) {
            System.err.println("[" + serviceId + "] " + level.toUpperCase(java.util.Locale.ROOT) + ": " + message);
        }
    }
}
