package dev.rt.config;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * {@code health}, runtime-wide and per service (the service's values override the runtime's, key by key).
 *
 * @param maxHeapTotal       the worker's heap bound in bytes ({@code -Xmx})
 * @param maxYoungGeneration the young generation size in bytes ({@code -Xmn}); empty lets the JVM size it
 */
public record HealthConfig(
        boolean enabled,
        Duration interval,
        Duration gracePeriod,
        int maxUnhealthyChecks,
        double maxELU,
        double maxHeapUsed,
        long maxHeapTotal,
        OptionalLong maxYoungGeneration) {

    public static final HealthConfig DEFAULTS = new HealthConfig(true, Duration.ofSeconds(30), Duration.ofSeconds(30),
            10, 0.99, 0.99, 4L << 30, OptionalLong.empty());

    public HealthConfig {
        if (maxUnhealthyChecks < 1 || maxELU < 0 || maxELU > 1 || maxHeapUsed < 0 || maxHeapUsed > 1 || maxHeapTotal < 1) {
            throw new IllegalArgumentException("health out of range");
        }
    }
}
