package dev.rt.config;

import java.time.Duration;

/**
 * {@code restartOnError}: unset or {@code true} is 5000 ms, a number is that many ms, {@code 0} or
 * {@code false} disables restarts. Below 10 ms the restart is immediate; in production it is always immediate.
 */
public record RestartPolicy(boolean enabled, Duration delay) {
    public static final long DEFAULT_DELAY_MILLIS = 5000;
    public static final long IMMEDIATE_BELOW_MILLIS = 10;

    public static RestartPolicy of(long millis) {
        return millis <= 0 ? new RestartPolicy(false, Duration.ZERO) : new RestartPolicy(true, Duration.ofMillis(millis));
    }

    /** The delay to apply before a restart, honouring production and the immediate threshold. */
    public Duration effectiveDelay(boolean production) {
        return production || delay.toMillis() < IMMEDIATE_BELOW_MILLIS ? Duration.ZERO : delay;
    }
}
