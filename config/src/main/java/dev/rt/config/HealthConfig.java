package dev.rt.config;

import dev.rt.config.read.ConfigNode;
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

    /** A {@code health} object over {@code base}: every key present overrides the base's value. */
    static HealthConfig from(ConfigNode health, HealthConfig base) {
        if (health.isMissing()) {
            return base;
        }
        health.requireObject();
        long maxHeap = health.get("maxHeapTotal").optionalBytes().orElse(base.maxHeapTotal());
        OptionalLong young = health.get("maxYoungGeneration").optionalBytes();
        if (young.isEmpty()) {
            young = base.maxYoungGeneration();
        }
        if (young.isPresent() && young.getAsLong() >= maxHeap) {
            throw health.get("maxYoungGeneration").error("must be smaller than maxHeapTotal (" + maxHeap
                    + " bytes), found " + young.getAsLong() + " bytes");
        }
        return new HealthConfig(
                health.get("enabled").bool(base.enabled()),
                health.get("interval").millis(base.interval().toMillis()),
                health.get("gracePeriod").millis(base.gracePeriod().toMillis()),
                (int) health.get("maxUnhealthyChecks").integer(base.maxUnhealthyChecks(), 1, Integer.MAX_VALUE),
                fraction(health.get("maxELU"), base.maxELU()),
                fraction(health.get("maxHeapUsed"), base.maxHeapUsed()),
                maxHeap, young);
    }

    private static double fraction(ConfigNode node, double fallback) {
        if (node.isMissing()) {
            return fallback;
        }
        double value;
        if (node.json().isNumber()) {
            value = node.json().doubleValue();
        } else if (node.json().isTextual() && node.json().textValue().strip().matches("\\d+(\\.\\d+)?")) {
            value = Double.parseDouble(node.json().textValue().strip());
        } else {
            throw node.error("must be a number between 0 and 1, found " + node.describe());
        }
        if (value < 0 || value > 1) {
            throw node.error("must be a number between 0 and 1, found " + value);
        }
        return value;
    }
}
