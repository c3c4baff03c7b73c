package dev.rt.supervisor.limit;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code timeWindow}: milliseconds, or a duration in words as {@code @fastify/rate-limit} takes it through the
 * {@code ms} package ({@code "1 minute"}, {@code "30s"}, {@code "500 ms"}, {@code "2 hours"}). Hand-written: the
 * grammar is a number and a unit, which the schema's pattern already checked; no library of the JDK reads it.
 */
final class TimeWindow {
    /** The schema's pattern for the text form, kept equal to this class's. */
    static final Pattern TEXT = Pattern.compile(
            "^\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|msecs?|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?"
                    + "|d|days?)\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Map<Character, Long> UNIT = Map.of('s', 1_000L, 'm', 60_000L, 'h', 3_600_000L,
            'd', 86_400_000L);

    private TimeWindow() {
    }

    /** @throws IllegalArgumentException when {@code text} is not a number and a unit, or below a millisecond */
    static long millis(String text) {
        Matcher matcher = TEXT.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is neither milliseconds nor a duration such as "
                    + "\"1 minute\", \"30s\" or \"500ms\"");
        }
        String unit = matcher.group(2).toLowerCase(Locale.ROOT);
        long scale = unit.startsWith("ms") || unit.startsWith("milli") ? 1 : UNIT.get(unit.charAt(0));
        double millis = Double.parseDouble(matcher.group(1)) * scale;
        if (millis < 1 || millis > Long.MAX_VALUE / 1_000_000L) {
            throw new IllegalArgumentException("\"" + text + "\" must be at least a millisecond, and at most "
                    + "a few thousand years");
        }
        return (long) millis;
    }
}
