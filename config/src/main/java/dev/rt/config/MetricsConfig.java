package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code metrics}: the Prometheus metrics server and its probes. Absent or {@code false}: no server.
 * {@code true}: every default. An object with {@code enabled: false} still serves the probes, without
 * {@code /metrics}: turning the metrics off does not turn the probes off; see {@link #startsServer()}.
 *
 * @param enabled whether {@link #endpoint()} serves the aggregated metrics
 */
public record MetricsConfig(
        boolean enabled,
        String hostname,
        int port,
        String endpoint,
        Optional<Auth> auth,
        ProbeConfig readiness,
        ProbeConfig liveness) {

    public static final String DEFAULT_HOSTNAME = "0.0.0.0";
    public static final int DEFAULT_PORT = 9090;
    public static final String DEFAULT_ENDPOINT = "/metrics";

    /** No metrics server at all. */
    public static final MetricsConfig DISABLED = new MetricsConfig(false, DEFAULT_HOSTNAME, DEFAULT_PORT, DEFAULT_ENDPOINT,
            Optional.empty(), ProbeConfig.disabled(ProbeConfig.READINESS_ENDPOINT),
            ProbeConfig.disabled(ProbeConfig.LIVENESS_ENDPOINT));

    /** {@code metrics: true}. */
    public static final MetricsConfig DEFAULTS = new MetricsConfig(true, DEFAULT_HOSTNAME, DEFAULT_PORT, DEFAULT_ENDPOINT,
            Optional.empty(), ProbeConfig.defaults(ProbeConfig.READINESS_ENDPOINT),
            ProbeConfig.defaults(ProbeConfig.LIVENESS_ENDPOINT));

    public MetricsConfig {
        Objects.requireNonNull(hostname, "hostname");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(auth, "auth");
        Objects.requireNonNull(readiness, "readiness");
        Objects.requireNonNull(liveness, "liveness");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("metrics port out of range: " + port);
        }
    }

    /** Basic credentials for the metrics endpoint ({@code metrics.auth}). */
    public record Auth(String username, String password) {
        public Auth {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(password, "password");
        }

        @Override
        public String toString() {
            return "Auth[username=" + username + ", password=***]";
        }
    }

    /** True when a server must listen: for the metrics, or for a probe. */
    public boolean startsServer() {
        return enabled || readiness.enabled() || liveness.enabled();
    }

    static MetricsConfig from(ConfigNode metrics) {
        if (metrics.isMissing()) {
            return DISABLED;
        }
        if (!metrics.json().isObject()) {
            return metrics.bool(false) ? DEFAULTS : DISABLED;
        }
        ConfigNode auth = metrics.get("auth");
        return new MetricsConfig(
                metrics.get("enabled").bool(true),
                metrics.get("hostname").string(DEFAULT_HOSTNAME),
                (int) metrics.get("port").integer(DEFAULT_PORT, 0, 65535),
                metrics.get("endpoint").string(DEFAULT_ENDPOINT),
                auth.isMissing() ? Optional.empty()
                        : Optional.of(new Auth(auth.get("username").string(""), auth.get("password").string(""))),
                ProbeConfig.from(metrics.get("readiness"), ProbeConfig.READINESS_ENDPOINT),
                ProbeConfig.from(metrics.get("liveness"), ProbeConfig.LIVENESS_ENDPOINT));
    }
}
