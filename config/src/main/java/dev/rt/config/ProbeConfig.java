package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
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
    public static ProbeConfig from(JsonNode probe, String defaultEndpoint) {
        if (!Section.present(probe)) {
            return defaults(defaultEndpoint);
        }
        if (!probe.isObject()) {
            return Section.flag(probe, true) ? defaults(defaultEndpoint) : disabled(defaultEndpoint);
        }
        JsonNode success = Section.child(probe, "success");
        JsonNode fail = Section.child(probe, "fail");
        return new ProbeConfig(true,
                Section.text(probe, "endpoint", defaultEndpoint),
                Section.integer(success, "statusCode", 200),
                Section.text(success, "body", "OK"),
                Section.integer(fail, "statusCode", 500),
                Section.text(fail, "body", "ERR"));
    }
}
