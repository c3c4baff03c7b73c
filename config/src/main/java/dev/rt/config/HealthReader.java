package dev.rt.config;

import java.util.OptionalLong;

/** Reads a {@code health} object over a base: every key present overrides the base's value. */
final class HealthReader {
    private HealthReader() {
    }

    static HealthConfig read(ConfigNode node, HealthConfig base) {
        if (node.isMissing()) {
            return base;
        }
        node.requireObject();
        long maxHeap = node.has("maxHeapTotal") ? size(node.get("maxHeapTotal")) : base.maxHeapTotal();
        OptionalLong young = node.has("maxYoungGeneration") ? OptionalLong.of(size(node.get("maxYoungGeneration")))
                : base.maxYoungGeneration();
        if (young.isPresent() && young.getAsLong() >= maxHeap) {
            throw node.get("maxYoungGeneration").error("must be smaller than maxHeapTotal (" + maxHeap + " bytes), found "
                    + young.getAsLong() + " bytes");
        }
        return new HealthConfig(
                node.get("enabled").bool(base.enabled()),
                node.get("interval").millis(base.interval().toMillis()),
                node.get("gracePeriod").millis(base.gracePeriod().toMillis()),
                (int) node.get("maxUnhealthyChecks").integer(base.maxUnhealthyChecks(), 1, Integer.MAX_VALUE),
                fraction(node.get("maxELU"), base.maxELU()),
                fraction(node.get("maxHeapUsed"), base.maxHeapUsed()),
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

    private static long size(ConfigNode node) {
        long bytes = node.json().isIntegralNumber() ? node.json().longValue()
                : node.json().isTextual() ? ByteSize.parse(node.json().textValue()) : -1;
        if (bytes < 1) {
            throw node.error("must be a size in bytes or with a unit (for example 512M or 4G), found " + node.describe());
        }
        return bytes;
    }
}
