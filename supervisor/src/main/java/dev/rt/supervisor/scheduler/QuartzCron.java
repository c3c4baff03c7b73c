package dev.rt.supervisor.scheduler;

import dev.rt.config.CronExpression;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * rt's cron expressions as Quartz's: seconds first, every field a list of its values ({@code *} when whole), days of
 * the week 1 (Sunday) to 7, and {@code ?} in whichever day field is free. Quartz cannot say "this day of the month
 * or this day of the week", which crontab means when both are restricted: that takes two expressions, one per day
 * field, whose firings the job merges.
 */
final class QuartzCron {
    private QuartzCron() {
    }

    static List<String> of(CronExpression cron) {
        String time = list(cron.seconds(), 60) + " " + list(cron.minutes(), 60) + " " + list(cron.hours(), 24) + " ";
        String months = " " + list(cron.months(), 12) + " ";
        String daysOfMonth = list(cron.daysOfMonth(), 31);
        String daysOfWeek = cron.daysOfWeek().stream().map(day -> day + 1).mapToObj(Integer::toString)
                .collect(Collectors.joining(","));
        if (cron.restrictsDayOfMonth() && cron.restrictsDayOfWeek()) {
            return List.of(time + daysOfMonth + months + "?", time + "?" + months + daysOfWeek);
        }
        if (cron.restrictsDayOfWeek()) {
            return List.of(time + "?" + months + daysOfWeek);
        }
        return List.of(time + daysOfMonth + months + "?");
    }

    private static String list(BitSet values, int whole) {
        if (values.cardinality() == whole) {
            return "*";
        }
        return values.stream().mapToObj(Integer::toString).collect(Collectors.joining(","));
    }
}
