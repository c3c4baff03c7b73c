package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.BitSet;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scheduler {@code cron} expression, evaluated in UTC: five fields (minute hour day-of-month month day-of-week),
 * or six with seconds first. A field is {@code *} or a comma list of {@code n}, {@code a-b}, {@code a-b/step},
 * {@code n/step} (from n to the end) or {@code *}{@code /step}; months and days may be named ({@code jan},
 * {@code mon}); day-of-week runs 0-7, both 0 and 7 being Sunday. {@code @yearly}, {@code @monthly}, {@code @weekly},
 * {@code @daily}, {@code @hourly}, {@code @minutely}, {@code @secondly}, {@code @weekdays} and {@code @weekends}
 * stand for the usual expressions. When both day fields are restricted, a day matches either, as crontab has it.
 */
public final class CronExpression {
    private static final Map<String, String> PRESETS = Map.of(
            "@yearly", "0 0 0 1 1 *", "@monthly", "0 0 0 1 * *", "@weekly", "0 0 0 * * 0",
            "@daily", "0 0 0 * * *", "@hourly", "0 0 * * * *", "@minutely", "0 * * * * *",
            "@secondly", "* * * * * *", "@weekdays", "0 0 0 * * 1-5", "@weekends", "0 0 0 * * 0,6");
    private static final Map<String, Integer> ALIASES = Map.ofEntries(
            Map.entry("jan", 1), Map.entry("feb", 2), Map.entry("mar", 3), Map.entry("apr", 4), Map.entry("may", 5),
            Map.entry("jun", 6), Map.entry("jul", 7), Map.entry("aug", 8), Map.entry("sep", 9), Map.entry("oct", 10),
            Map.entry("nov", 11), Map.entry("dec", 12), Map.entry("sun", 0), Map.entry("mon", 1), Map.entry("tue", 2),
            Map.entry("wed", 3), Map.entry("thu", 4), Map.entry("fri", 5), Map.entry("sat", 6));
    private static final Pattern ALIAS = Pattern.compile("[a-z]{1,3}");
    private static final Pattern RANGE = Pattern.compile("^(\\d+)(?:-(\\d+))?(?:/(\\d+))?$");
    private static final String[] UNITS = {"second", "minute", "hour", "day-of-month", "month", "day-of-week"};
    private static final int[][] BOUNDS = {{0, 59}, {0, 59}, {0, 23}, {1, 31}, {1, 12}, {0, 7}};

    private final String source;
    private final BitSet[] fields = new BitSet[6];

    private CronExpression(String source) {
        this.source = source;
    }

    /** Parses {@code expression}; throws {@link IllegalArgumentException} saying what is wrong with it. */
    public static CronExpression parse(String expression) {
        CronExpression cron = new CronExpression(expression);
        String text = expression.strip().toLowerCase(Locale.ROOT);
        text = PRESETS.getOrDefault(text, text);
        Matcher alias = ALIAS.matcher(text);
        StringBuilder replaced = new StringBuilder();
        while (alias.find()) {
            Integer value = ALIASES.get(alias.group());
            if (value == null) {
                throw new IllegalArgumentException("unknown name \"" + alias.group() + "\"");
            }
            alias.appendReplacement(replaced, value.toString());
        }
        alias.appendTail(replaced);
        String[] units = replaced.toString().strip().split("\\s+");
        if (units.length < 5) {
            throw new IllegalArgumentException("too few fields (five: minute hour day-of-month month day-of-week,"
                    + " or six with seconds first)");
        }
        if (units.length > 6) {
            throw new IllegalArgumentException("too many fields (five: minute hour day-of-month month day-of-week,"
                    + " or six with seconds first)");
        }
        for (int unit = 0; unit < 6; unit++) {
            String field = units.length == 6 ? units[unit] : unit == 0 ? "0" : units[unit - 1];
            cron.fields[unit] = field(field, unit);
        }
        if (cron.fields[5].get(7)) {
            cron.fields[5].clear(7);
            cron.fields[5].set(0);
        }
        return cron;
    }

    private static BitSet field(String value, int unit) {
        int low = BOUNDS[unit][0];
        int high = BOUNDS[unit][1];
        BitSet set = new BitSet(high + 1);
        for (String range : value.split(",", -1)) {
            if (range.indexOf('*') > 0) {
                throw new IllegalArgumentException("the " + UNITS[unit] + " field has a misplaced *: " + range);
            }
            Matcher match = RANGE.matcher(range.replace("*", low + "-" + high));
            if (!match.matches()) {
                throw new IllegalArgumentException("the " + UNITS[unit] + " field cannot be parsed: \"" + value + "\"");
            }
            int lower = Integer.parseInt(match.group(1));
            Integer upper = match.group(2) == null ? null : Integer.valueOf(match.group(2));
            int step = match.group(3) == null ? 1 : Integer.parseInt(match.group(3));
            if (step == 0) {
                throw new IllegalArgumentException("the " + UNITS[unit] + " field has a step of zero");
            }
            if (upper != null && lower > upper) {
                throw new IllegalArgumentException("the " + UNITS[unit] + " field has an inverted range: " + range);
            }
            if (lower < low || (upper != null ? upper : lower) > high) {
                throw new IllegalArgumentException("the " + UNITS[unit] + " field's value " + range
                        + " is out of range [" + low + ", " + high + "]");
            }
            int last = upper != null ? upper : match.group(3) != null ? high : lower;
            for (int v = lower; v <= last; v += step) {
                set.set(v);
            }
        }
        return set;
    }

    /** The expression as written. */
    public String source() {
        return source;
    }

    public BitSet seconds() {
        return (BitSet) fields[0].clone();
    }

    public BitSet minutes() {
        return (BitSet) fields[1].clone();
    }

    public BitSet hours() {
        return (BitSet) fields[2].clone();
    }

    /** Days of the month, 1 to 31. */
    public BitSet daysOfMonth() {
        return (BitSet) fields[3].clone();
    }

    /** Months, 1 to 12. */
    public BitSet months() {
        return (BitSet) fields[4].clone();
    }

    /** Days of the week, 0 (Sunday) to 6. */
    public BitSet daysOfWeek() {
        return (BitSet) fields[5].clone();
    }

    /** Whether the day-of-month field leaves some day out. */
    public boolean restrictsDayOfMonth() {
        return fields[3].cardinality() != 31;
    }

    /** Whether the day-of-week field leaves some day out. */
    public boolean restrictsDayOfWeek() {
        return fields[5].cardinality() != 7;
    }

    /** Checks the {@code cron} of scheduler job {@code jobName} at load time. */
    static void check(ConfigNode cron, String jobName) {
        String expression = cron.requiredString();
        try {
            parse(expression);
        } catch (IllegalArgumentException e) {
            throw cron.error("Invalid cron expression \"" + expression + "\" for scheduler \"" + jobName + "\": "
                    + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return source;
    }
}
