package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.Objects;

/**
 * A readiness or liveness probe of the metrics server ({@code metrics.readiness}, {@code metrics.liveness}):
 * {@code true} or absent uses the defaults, {@code false} disables it, an object overrides them.
 */
public record ProbeConfig(
        boolean enabled,
        String endpoint,
        int successStatus,
        String successBody,
        int failStatus,
        String failBody) {

    public static final String READINESS_ENDPOINT = "/ready";
    public static final String LIVENESS_ENDPOINT = "/status";

    public ProbeConfig {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(successBody, "successBody");
        Objects.requireNonNull(failBody, "failBody");
        if (!endpoint.startsWith("/")) {
            throw new IllegalArgumentException("probe endpoint must start with /: " + endpoint);
        }
        if (successStatus < 100 || successStatus > 599 || failStatus < 100 || failStatus > 599) {
            throw new IllegalArgumentException("probe status codes must be between 100 and 599");
        }
    }

    /** Enabled, at {@code endpoint}: 200 {@code OK} when passing, 500 {@code ERR} when failing. */
    public static ProbeConfig defaults(String endpoint) {
        return new ProbeConfig(true, endpoint, 200, "OK", 500, "ERR");
    }

    public static ProbeConfig disabled(String endpoint) {
        return new ProbeConfig(false, endpoint, 200, "OK", 500, "ERR");
    }

    /** Reads {@code readiness} or {@code liveness}; {@code defaultEndpoint} is {@link #READINESS_ENDPOINT} or {@link #LIVENESS_ENDPOINT}. */
    static ProbeConfig from(ConfigNode probe, String defaultEndpoint) {
        if (probe.isMissing()) {
            return defaults(defaultEndpoint);
        }
        if (!probe.json().isObject()) {
            return probe.bool(true) ? defaults(defaultEndpoint) : disabled(defaultEndpoint);
        }
        ConfigNode success = probe.get("success");
        ConfigNode fail = probe.get("fail");
        return new ProbeConfig(true,
                probe.get("endpoint").string(defaultEndpoint),
                (int) success.get("statusCode").integer(200, 100, 599),
                success.get("body").string("OK"),
                (int) fail.get("statusCode").integer(500, 100, 599),
                fail.get("body").string("ERR"));
    }
}
