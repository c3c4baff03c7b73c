package dev.rt.supervisor.log;

import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises the default console formats of the common Java logging libraries, so their lines keep their
 * level: Logback's and Log4j 2's {@code HH:mm:ss.SSS [thread] LEVEL logger - message} (also with a date in
 * front, and Spring Boot's {@code 2024-01-01T10:00:00.000Z  INFO 42 --- [main] ...}), the OpenTelemetry Java agent's own
 * {@code [otel.javaagent 2024-01-01 10:00:00:000 +0000] [main] DEBUG logger - message}, and
 * java.util.logging's SimpleFormatter, whose default writes two lines: a header
 * {@code Nov 22, 2026 1:02:03 PM com.example.Main run} and then {@code INFO: message}.
 */
final class JavaLogFormats {
    private static final String LEVELS = "(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)";
    private static final Pattern LOGBACK = Pattern.compile(
            "^(?:\\d{4}-\\d{2}-\\d{2}[ T])?\\d{2}:\\d{2}:\\d{2}[.,]\\d{3}\\s+\\[[^\\]]*\\]\\s+" + LEVELS + "\\b");
    private static final Pattern SPRING = Pattern.compile(
            "^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}:\\d{2}[.,]\\d{1,9}\\S*\\s+" + LEVELS + "\\s");
    private static final Pattern OTEL_AGENT = Pattern.compile(
            "^\\[otel\\.javaagent [^\\]]*\\] \\[[^\\]]*\\] " + LEVELS + "\\b");
    private static final Pattern JUL_HEADER = Pattern.compile(
            "^[A-Z][a-z]{2} \\d{1,2}, \\d{4} \\d{1,2}:\\d{2}:\\d{2} [AP]M \\S.*$");
    private static final Pattern JUL_LEVEL = Pattern.compile("^(SEVERE|WARNING|INFO|CONFIG|FINE|FINER|FINEST): ");
    private static final Map<String, Integer> NUMBERS = Map.ofEntries(
            Map.entry("TRACE", 10), Map.entry("FINEST", 10), Map.entry("FINER", 10),
            Map.entry("DEBUG", 20), Map.entry("FINE", 20), Map.entry("CONFIG", 20),
            Map.entry("INFO", 30), Map.entry("WARN", 40), Map.entry("WARNING", 40),
            Map.entry("ERROR", 50), Map.entry("SEVERE", 50), Map.entry("FATAL", 60));

    private JavaLogFormats() {
    }

    /** The level of a Logback, Log4j 2 or Spring Boot console line, or of a java.util.logging level line. */
    static OptionalInt level(String line) {
        if (line.isEmpty() || !(Character.isDigit(line.charAt(0)) || Character.isUpperCase(line.charAt(0))
                || line.startsWith("[otel.javaagent "))) {
            return OptionalInt.empty(); // none of the formats: most plain lines end here
        }
        for (Pattern pattern : new Pattern[] {LOGBACK, SPRING, JUL_LEVEL, OTEL_AGENT}) {
            Matcher matcher = pattern.matcher(line);
            if (matcher.find()) {
                return OptionalInt.of(NUMBERS.get(matcher.group(1)));
            }
        }
        return OptionalInt.empty();
    }

    /** True for the first of java.util.logging's two lines (date, time, class and method). */
    static boolean isJulHeader(String line) {
        return line.length() > 20 && Character.isUpperCase(line.charAt(0)) && JUL_HEADER.matcher(line).matches();
    }

    /** True for the second of java.util.logging's two lines ({@code LEVEL: message}). */
    static boolean isJulLevelLine(String line) {
        return JUL_LEVEL.matcher(line).find();
    }
}
