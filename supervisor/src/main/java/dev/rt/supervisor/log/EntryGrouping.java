package dev.rt.supervisor.log;

import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Joins the lines that belong to one entry: a stack trace's continuation lines ({@code \tat ...},
 * {@code Caused by: ...}, {@code \t... 12 more}, {@code Suppressed: ...}) join the line before them, an
 * exception's first line ({@code java.lang.IllegalStateException: boom}) joins a line of a Java logging
 * library before it, and java.util.logging's header line joins its {@code LEVEL: message} line. Blank lines are
 * dropped and never end an entry: Spring Boot's console format prints one between a message and its exception,
 * whose trace still belongs to the message. The pending entry is handed on when a line that does not belong to it
 * arrives, or by {@link #flush()} (the end of the stream, or a quiet moment); a JSON line is handed on at once.
 * Not thread-safe: the owner synchronises.
 */
final class EntryGrouping {
    /** An entry too large to keep growing is handed on; what follows starts a new one. */
    static final int MAX_ENTRY = 256 * 1024;
    private static final Pattern CONTINUATION = Pattern.compile(
            "^(?:\\s+at \\S|\\s*Caused by: |\\s+\\.\\.\\. \\d+ (?:more|common frames omitted)|\\s*Suppressed: )");
    private static final Pattern EXCEPTION_HEAD = Pattern.compile(
            "^(?:[a-zA-Z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error|Throwable)[\\w$]*(?::.*)?$");

    /** Receives each complete entry: its text and the level a Java logging format gave it, if any. */
    interface Sink {
        void entry(String text, OptionalInt level);
    }

    private final Sink sink;
    private final StringBuilder pending = new StringBuilder();
    private OptionalInt pendingLevel = OptionalInt.empty();
    private boolean julHeader;
    private boolean trace;

    EntryGrouping(Sink sink) {
        this.sink = sink;
    }

    boolean hasPending() {
        return pending.length() > 0;
    }

    /** Whether the pending entry is a stack trace (an exception's line, or a trace's lines): more of it may follow. */
    boolean inTrace() {
        return trace;
    }

    void line(String line) {
        if (line.isBlank()) {
            return;
        }
        if (hasPending()) {
            if (julHeader && JavaLogFormats.isJulLevelLine(line)) {
                julHeader = false;
                pendingLevel = JavaLogFormats.level(line);
                append(line);
                return;
            }
            if (!julHeader && (mayContinue(line) && CONTINUATION.matcher(line).find()
                    || pendingLevel.isPresent() && EXCEPTION_HEAD.matcher(line).matches())) {
                append(line);
                trace = true;
                return;
            }
            flush();
        }
        if (line.startsWith("{") && line.endsWith("}")) {
            sink.entry(line, OptionalInt.empty());
            return;
        }
        pending.append(line);
        julHeader = JavaLogFormats.isJulHeader(line);
        pendingLevel = julHeader ? OptionalInt.empty() : JavaLogFormats.level(line);
        trace = mayBeException(line) && EXCEPTION_HEAD.matcher(line).matches();
    }

    /** A cheap look before the pattern: an exception's line names an Exception, an Error or a Throwable. */
    private static boolean mayBeException(String line) {
        return line.contains("Exception") || line.contains("Error") || line.contains("Throwable");
    }

    /** A cheap look at the first character before the pattern: tab, space, C(aused by), S(uppressed). */
    private static boolean mayContinue(String line) {
        if (line.isEmpty()) {
            return false;
        }
        char first = line.charAt(0);
        return first == '\t' || first == ' ' || first == 'C' || first == 'S';
    }

    private void append(String line) {
        if (pending.length() + line.length() > MAX_ENTRY) {
            flush();
            pending.append(line);
            return;
        }
        pending.append('\n').append(line);
    }

    /** Hands on the pending entry, if any. */
    void flush() {
        if (hasPending()) {
            String text = pending.toString();
            OptionalInt level = pendingLevel;
            pending.setLength(0);
            pendingLevel = OptionalInt.empty();
            julHeader = false;
            trace = false;
            sink.entry(text, level);
        }
    }
}
