package dev.rt.agent;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.rt.kind.KindLog;
import dev.rt.protocol.Protocol;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.logging.Level;

/**
 * The runtime's log as a kind sees it: each entry one JSON log line on stdout, shaped as pino shapes them
 * ({@code level}, {@code time}, {@code pid}, {@code hostname} and the message under the runtime's
 * {@code logger.messageKey}), which the supervisor reads as a log line of this worker
 * and tags with its service and index. Entries below the runtime's level ({@code RT_LOG_LEVEL}) are not written.
 */
final class AgentLog implements KindLog {
    private static final JsonFactory JSON = new JsonFactory();

    private final PrintStream out;
    private final Level threshold;
    private final String messageKey;
    private final long pid = ProcessHandle.current().pid();
    private final String hostname;

    AgentLog(PrintStream out, Map<String, String> env) {
        this.out = out;
        String level = env.get(Protocol.ENV_LOG_LEVEL);
        this.threshold = level == null || level.isBlank() ? Level.INFO : JulLevel.of(level.strip());
        String key = env.get(Protocol.ENV_LOG_MESSAGE_KEY);
        this.messageKey = key == null || key.isBlank() ? "msg" : key;
        this.hostname = hostname(env);
    }

    /** As the supervisor's log finds it, without a DNS lookup (which can stall a start on a host with no resolver). */
    private static String hostname(Map<String, String> env) {
        String fromEnv = env.get("HOSTNAME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            return "localhost";
        }
    }

    @Override
    public void debug(String message) {
        write(Level.FINE, 20, message);
    }

    @Override
    public void info(String message) {
        write(Level.INFO, 30, message);
    }

    @Override
    public void warn(String message) {
        write(Level.WARNING, 40, message);
    }

    @Override
    public void error(String message) {
        write(Level.SEVERE, 50, message);
    }

    /** The stack trace follows the message in the same entry, as a logging library's console line has it. */
    @Override
    public void error(String message, Throwable cause) {
        StringWriter trace = new StringWriter();
        cause.printStackTrace(new PrintWriter(trace));
        write(Level.SEVERE, 50, message + System.lineSeparator() + trace.toString().stripTrailing());
    }

    private void write(Level level, int number, String message) {
        if (level.intValue() < threshold.intValue() || threshold == Level.OFF) {
            return;
        }
        StringWriter line = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(line)) {
            json.writeStartObject();
            json.writeNumberField("level", number);
            json.writeNumberField("time", System.currentTimeMillis());
            json.writeNumberField("pid", pid);
            json.writeStringField("hostname", hostname);
            json.writeStringField(messageKey, message);
            json.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a log line to memory", e);
        }
        out.println(line);
    }
}
