package dev.rt.kind.service.log;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Writes the service's log entries as the runtime reads them: one JSON line on stdout per entry, shaped as pino
 * shapes them ({@code level}, {@code time}, {@code pid}, {@code hostname}, fields, then the message under the
 * runtime's message key); the supervisor adds the service id and worker index. Entries below the level are
 * skipped: the service's {@code server.logger.level}, else the runtime's ({@code RT_LOG_LEVEL}).
 */
public final class LogLines {
    public static final int TRACE = 10;
    public static final int DEBUG = 20;
    public static final int INFO = 30;
    public static final int WARN = 40;
    public static final int ERROR = 50;

    private static final JsonFactory JSON = new JsonFactory();

    private final PrintStream out;
    private final int threshold;
    private final String messageKey;
    private final long pid = ProcessHandle.current().pid();
    private final String hostname;

    public LogLines(PrintStream out, Map<String, String> env, Optional<String> serviceLevel) {
        this.out = out;
        this.threshold = levelNumber(serviceLevel.orElse(env.getOrDefault("RT_LOG_LEVEL", "info")));
        String key = env.get("RT_LOG_MESSAGE_KEY");
        this.messageKey = key == null || key.isBlank() ? "msg" : key;
        String host = env.get("HOSTNAME");
        this.hostname = host != null && !host.isBlank() ? host : readHostname();
    }

    boolean enabled(int level) {
        return level >= threshold;
    }

    /** One entry; {@code fields} writes the fields between the standard ones and the message. */
    void write(int level, String message, Consumer<JsonGenerator> fields) {
        if (!enabled(level)) {
            return;
        }
        StringWriter line = new StringWriter(256);
        try (JsonGenerator json = JSON.createGenerator(line)) {
            json.writeStartObject();
            json.writeNumberField("level", level);
            json.writeNumberField("time", System.currentTimeMillis());
            json.writeNumberField("pid", pid);
            json.writeStringField("hostname", hostname);
            fields.accept(json);
            json.writeStringField(messageKey, message);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println(line);
    }

    static int levelNumber(String level) {
        return switch (level.strip()) {
            case "trace" -> TRACE;
            case "debug" -> DEBUG;
            case "info" -> INFO;
            case "warn" -> WARN;
            case "error" -> ERROR;
            case "fatal" -> 60;
            case "silent" -> Integer.MAX_VALUE;
            default -> {
                int colon = level.lastIndexOf(':');
                try {
                    yield Integer.parseInt(level.substring(colon + 1).strip());
                } catch (NumberFormatException e) {
                    yield INFO;
                }
            }
        };
    }

    private static String readHostname() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            return "localhost";
        }
    }
}
