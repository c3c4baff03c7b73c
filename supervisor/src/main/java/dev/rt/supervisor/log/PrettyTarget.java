package dev.rt.supervisor.log;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Human-readable lines ({@code pretty}, {@code pino-pretty}; the default on a terminal):
 * {@code [HH:mm:ss.SSS] (pid) service:worker | LEVEL: message}, the {@code service:worker} prefix padded to
 * the longest one seen and coloured per service (an ANSI 256-colour hashed from the id), the runtime's own
 * lines prefixed {@code rt}. {@code colorize: false} leaves the colours out.
 */
final class PrettyTarget extends StreamTarget {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());
    private static final String RESET = "\u001b[0m";

    private final boolean colour;
    private final LevelScale levels;
    private int width;

    PrettyTarget(OutputStream out, int threshold, boolean colour, LevelScale levels, int initialWidth, boolean ownsStream) {
        super(out, threshold, ownsStream);
        this.colour = colour;
        this.levels = levels;
        this.width = Math.max(initialWidth, 2);
    }

    /** The colour of a service: one of the ANSI 256 colours 17-230, hashed from its id. */
    static int colourOf(String serviceId) {
        return 17 + Math.floorMod(serviceId.hashCode(), 214);
    }

    @Override
    public void write(LogEntry entry) throws IOException {
        String prefix = entry.fromWorker() ? entry.name() + ":" + entry.worker() : "rt";
        width = Math.max(width, prefix.length());
        String padded = prefix + " ".repeat(width - prefix.length());
        String label = levels.name(entry.level()).toUpperCase(Locale.ROOT);
        StringBuilder line = new StringBuilder(64 + entry.message().length());
        line.append('[').append(CLOCK.format(Instant.ofEpochMilli(entry.time()))).append("] (").append(entry.pid()).append(") ");
        if (colour && entry.fromWorker()) {
            line.append("\u001b[38;5;").append(colourOf(entry.name())).append('m').append(padded).append(RESET);
        } else {
            line.append(padded);
        }
        line.append(" | ");
        if (colour) {
            line.append(levelColour(entry.level())).append(label).append(RESET);
        } else {
            line.append(label);
        }
        line.append(": ").append(entry.message()).append('\n');
        out.write(line.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String levelColour(int level) {
        if (level >= Level.ERROR.number()) {
            return "\u001b[31m";
        }
        if (level >= Level.WARN.number()) {
            return "\u001b[33m";
        }
        if (level >= Level.INFO.number()) {
            return "\u001b[32m";
        }
        return level >= Level.DEBUG.number() ? "\u001b[34m" : "\u001b[90m";
    }
}
