package dev.rt.supervisor.log.stderr;

import java.util.regex.Pattern;

/**
 * The level of an entry a worker wrote on standard error in no format that carries a level: error (50) for what
 * is one, warn (40) for the rest. JVMs and agents write much on standard error that is no error: HotSpot's
 * {@code OpenJDK 64-Bit Server VM warning: ...}, the OpenTelemetry agent's banner, {@code Picked up
 * JAVA_TOOL_OPTIONS}. An error is an entry with a stack trace ({@code at ...}, {@code Caused by: ...} lines), one
 * that names a throwable ({@code java.lang.IllegalStateException: boom}, {@code Exception in thread "main" ...}),
 * one that starts with {@code Error}, {@code Exception} or {@code FATAL} ({@code Error: Could not find or load main
 * class}, {@code Error occurred during initialization of VM}), a JVM's fatal error report, a line of rt's worker
 * agent (it writes on standard error only what went wrong: {@code rt worker api:0: ...}), or a line whose level word
 * is {@code ERROR}, {@code SEVERE} or {@code FATAL} ({@code [otel.javaagent ...] [main] ERROR ...}).
 * Hand-written: which lines count as errors is rt's own call, no library makes it.
 */
public final class StderrLevel {
    public static final int ERROR = 50;
    public static final int WARN = 40;

    private static final Pattern TRACE_LINE = Pattern.compile(
            "^(?:\\s+at \\S|\\s*Caused by: |\\s*Suppressed: |\\s+\\.\\.\\. \\d+ more)", Pattern.MULTILINE);
    private static final Pattern THROWABLE = Pattern.compile(
            "(?:^|[\\s:(\\[\"'])(?:[a-zA-Z_$][\\w$]*\\.)+(?:[A-Z][\\w$]*)?(?:Exception|Error|Throwable)\\b");
    private static final Pattern ERROR_START = Pattern.compile(
            "^\\s*(?:Error|ERROR|Exception|FATAL|Fatal error|# A fatal error|rt worker)\\b");
    private static final Pattern ERROR_WORD = Pattern.compile("(?:^|[\\s\\[])(?:ERROR|SEVERE|FATAL)(?:[\\s\\]:]|$)");

    private StderrLevel() {
    }

    /** The level of {@code entry}: one line, or a line and the lines of its stack trace. */
    public static int of(String entry) {
        int end = entry.indexOf('\n');
        String first = end < 0 ? entry : entry.substring(0, end);
        boolean error = ERROR_START.matcher(first).find() || THROWABLE.matcher(first).find()
                || ERROR_WORD.matcher(first).find() || TRACE_LINE.matcher(entry).find();
        return error ? ERROR : WARN;
    }
}
