package dev.rt.supervisor.worker;

import dev.rt.protocol.Stats;
import dev.rt.config.HealthConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One health judgement of a worker: its latest figures against its service's
 * {@code health}. Unhealthy when its ELU is above {@code maxELU}, when its heap in use divided by
 * {@code maxHeapTotal} (the configured bound, not the committed heap) is above {@code maxHeapUsed}, or when
 * its figures are older than {@link #STALE_AFTER_INTERVALS} stats intervals: a worker that does not answer
 * counts as unhealthy.
 */
final class HealthCheck {
    static final int STALE_AFTER_INTERVALS = 3;

    private HealthCheck() {
    }

    /** The outcome of one check: nothing yet to judge, healthy, or unhealthy with the reasons to log. */
    record Verdict(boolean judged, List<String> problems) {
        static final Verdict NO_DATA_YET = new Verdict(false, List.of());
        static final Verdict HEALTHY = new Verdict(true, List.of());

        boolean unhealthy() {
            return !problems.isEmpty();
        }
    }

    /**
     * @param label         the worker as log lines name it ({@code worker 0 of the service "api"})
     * @param latest        its latest figures, or null when none arrived yet
     * @param age           how long ago they arrived, or how long ago the worker became ready when none did
     * @param statsInterval how often the worker sends figures
     */
    static Verdict judge(String label, Stats latest, Duration age, Duration statsInterval, HealthConfig config) {
        boolean stale = age.compareTo(statsInterval.multipliedBy(STALE_AFTER_INTERVALS)) > 0;
        if (latest == null && !stale) {
            return Verdict.NO_DATA_YET;
        }
        if (stale) {
            return new Verdict(true, List.of("Health collection failed for the " + label + " (no figures for "
                    + age.toMillis() + " ms)."));
        }
        List<String> problems = new ArrayList<>();
        if (latest.elu() > config.maxELU()) {
            problems.add("The " + label + " has an ELU of " + percent(latest.elu())
                    + ", above the maximum allowed usage of " + percent(config.maxELU()) + ".");
        }
        double memory = (double) latest.heapUsed() / config.maxHeapTotal();
        if (memory > config.maxHeapUsed()) {
            problems.add("The " + label + " is using " + percent(memory)
                    + " of the memory, above the maximum allowed usage of " + percent(config.maxHeapUsed()) + ".");
        }
        return problems.isEmpty() ? Verdict.HEALTHY : new Verdict(true, List.copyOf(problems));
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f %%", fraction * 100);
    }
}
