package dev.rt.slf4j;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The lines of libraries in a worker: one JSON log line each on its standard output, shaped as the agent's own
 * lines ({@code level}, {@code time}, {@code pid}, {@code hostname}, the message under {@code RT_LOG_MESSAGE_KEY}),
 * with {@code logger}, the library's logger name. The supervisor reads them as the worker's log lines and tags them
 * with its service and index. A level below the runtime's ({@code RT_LOG_LEVEL}: a name, {@code silent}, or
 * {@code name:number}) is not written.
 */
final class WorkerLines implements LibrarySink {
    private final PrintStream out;
    private final int threshold;
    private final String prefix;
    private final String messageKey;

    WorkerLines(PrintStream out, Map<String, String> env) {
        this.out = out;
        this.threshold = threshold(env.getOrDefault("RT_LOG_LEVEL", "info").strip());
        String key = env.getOrDefault("RT_LOG_MESSAGE_KEY", "");
        this.messageKey = key.isBlank() ? "msg" : key;
        String hostname = Optional.ofNullable(env.get("HOSTNAME")).filter(h -> !h.isBlank())
                .orElseGet(WorkerLines::kernelHostname);
        this.prefix = ",\"pid\":" + ProcessHandle.current().pid() + ",\"hostname\":" + JsonText.quoted(hostname);
    }

    /** The number of a level as the supervisor passes it; unknown names count as info. */
    static int threshold(String level) {
        return switch (level) {
            case "silent" -> Integer.MAX_VALUE;
            case "trace" -> 10;
            case "debug" -> 20;
            case "warn" -> 40;
            case "error" -> 50;
            case "fatal" -> 60;
            default -> {
                try {
                    yield Integer.parseInt(level.substring(level.lastIndexOf(':') + 1));
                } catch (NumberFormatException e) {
                    yield 30;
                }
            }
        };
    }

    private static String kernelHostname() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            return "localhost";
        }
    }

    @Override
    public boolean enabled(int level) {
        return level >= threshold;
    }

    @Override
    public void write(int level, String logger, String message) {
        out.println("{\"level\":" + level + ",\"time\":" + System.currentTimeMillis() + prefix + ",\"logger\":"
                + JsonText.quoted(logger) + "," + JsonText.quoted(messageKey) + ":" + JsonText.quoted(message) + "}");
    }
}
