package dev.rt.supervisor.log;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Where every line of the runtime goes: the supervisor's own messages and each worker's output, one line per
 * entry. Without a terminal the lines are JSON ({@code level}, {@code time}, {@code pid}, {@code hostname},
 * {@code msg}; worker lines also {@code name}, {@code worker} and {@code caller}); on a terminal they are
 * human-readable. Thread-safe: lines are never interleaved.
 */
public final class RuntimeLog {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    private static final String RESET = "\u001b[0m";

    private final PrintStream out;
    private final boolean pretty;
    private final long pid = ProcessHandle.current().pid();
    private final String hostname = hostname();
    private final String jsonPrefix;
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

    public RuntimeLog(PrintStream out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
        this.jsonPrefix = ",\"pid\":" + pid + ",\"hostname\":\"" + escape(hostname) + "\"";
    }

    public void info(String message) {
        log(Level.INFO, message);
    }

    public void warn(String message) {
        log(Level.WARN, message);
    }

    public void error(String message) {
        log(Level.ERROR, message);
    }

    public void log(Level level, String message) {
        String json = pretty && listeners.isEmpty() ? null
                : "{\"level\":" + level.number() + ",\"time\":" + System.currentTimeMillis() + jsonPrefix
                        + ",\"msg\":\"" + escape(message) + "\"}";
        if (pretty) {
            print(LocalTime.now().format(CLOCK) + " (" + pid + ") rt " + levelName(level) + ": " + message, json);
        } else {
            print(json, json);
        }
    }

    /**
     * Delivers every line written from now on, as one JSON log line (whatever the output looks like), until the
     * returned handle is closed. The listener runs on the writing thread, in order, and must not block.
     */
    public AutoCloseable subscribe(Consumer<String> jsonLines) {
        listeners.add(jsonLines);
        return () -> listeners.remove(jsonLines);
    }

    /** One line a worker wrote on stdout ({@code stderr == false}) or stderr. */
    public void worker(String serviceId, int workerIndex, boolean stderr, String line) {
        Level level = stderr ? Level.ERROR : Level.INFO;
        String json = pretty && listeners.isEmpty() ? null
                : "{\"level\":" + level.number() + ",\"time\":" + System.currentTimeMillis() + jsonPrefix
                        + ",\"name\":\"" + escape(serviceId) + "\",\"worker\":" + workerIndex
                        + ",\"caller\":\"" + (stderr ? "STDERR" : "STDOUT") + "\",\"msg\":\"" + escape(line) + "\"}";
        if (pretty) {
            String colour = "\u001b[38;5;" + (17 + Math.floorMod(serviceId.hashCode(), 214)) + "m";
            print(LocalTime.now().format(CLOCK) + " (" + pid + ") " + colour + serviceId + ":" + workerIndex + RESET
                    + " " + levelName(level) + ": " + line, json);
        } else {
            print(json, json);
        }
    }

    private synchronized void print(String line, String json) {
        out.println(line);
        out.flush();
        if (json != null) { // null only when a listener arrived while this line was being made
            for (Consumer<String> listener : listeners) {
                listener.accept(json);
            }
        }
    }

    private static String levelName(Level level) {
        return level.name().toUpperCase(Locale.ROOT);
    }

    private static String escape(String text) {
        return new String(JsonStringEncoder.getInstance().quoteAsString(text));
    }

    /** Without a DNS lookup: InetAddress.getLocalHost() can stall start-up for seconds on a host with no resolver. */
    private static String hostname() {
        String fromEnv = System.getenv("HOSTNAME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            return "localhost";
        }
    }
}
