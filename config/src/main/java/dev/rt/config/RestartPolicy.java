package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.time.Duration;

/**
 * {@code restartOnError}: unset or {@code true} is 5000 ms, a number is that many ms, {@code 0} or
 * {@code false} disables restarts. Below 10 ms the restart is immediate; in production it is always immediate.
 */
public record RestartPolicy(boolean enabled, Duration delay) {
    public static final long DEFAULT_DELAY_MILLIS = 5000;
    public static final long IMMEDIATE_BELOW_MILLIS = 10;
    /** {@code restartOnError} unset or {@code true}. */
    static final RestartPolicy DEFAULT = of(DEFAULT_DELAY_MILLIS);

    public static RestartPolicy of(long millis) {
        return millis <= 0 ? new RestartPolicy(false, Duration.ZERO) : new RestartPolicy(true, Duration.ofMillis(millis));
    }

    /** A {@code restartOnError} value; {@code fallback} when it is absent. */
    static RestartPolicy from(ConfigNode restartOnError, RestartPolicy fallback) {
        if (restartOnError.isMissing()) {
            return fallback;
        }
        if (restartOnError.json().isBoolean()) {
            return restartOnError.json().booleanValue() ? DEFAULT : of(0);
        }
        return of(restartOnError.integer(DEFAULT_DELAY_MILLIS, 0, Integer.MAX_VALUE));
    }

    /** The delay to apply before a restart, honouring production and the immediate threshold. */
    public Duration effectiveDelay(boolean production) {
        return production || delay.toMillis() < IMMEDIATE_BELOW_MILLIS ? Duration.ZERO : delay;
    }
}
