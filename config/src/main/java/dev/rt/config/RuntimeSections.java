package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The runtime's own facilities, each typed from its section: logging, the metrics and probe server, the
 * management API, the HTTP cache, telemetry, the scheduler (and the database its replicas share) and the outgoing
 * HTTP client settings.
 */
public record RuntimeSections(
        LoggerConfig logger,
        MetricsConfig metrics,
        ManagementApiConfig managementApi,
        HttpCacheConfig httpCache,
        Optional<TelemetryConfig> telemetry,
        List<SchedulerJobConfig> scheduler,
        UndiciConfig undici,
        Optional<SchedulerClusterConfig> schedulerCluster) {

    public RuntimeSections {
        Objects.requireNonNull(logger, "logger");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(managementApi, "managementApi");
        Objects.requireNonNull(httpCache, "httpCache");
        Objects.requireNonNull(undici, "undici");
        scheduler = List.copyOf(scheduler);
        Objects.requireNonNull(schedulerCluster, "schedulerCluster");
    }

    /** Sections without {@code schedulerCluster}. */
    public RuntimeSections(LoggerConfig logger, MetricsConfig metrics, ManagementApiConfig managementApi,
            HttpCacheConfig httpCache, Optional<TelemetryConfig> telemetry, List<SchedulerJobConfig> scheduler,
            UndiciConfig undici) {
        this(logger, metrics, managementApi, httpCache, telemetry, scheduler, undici, Optional.empty());
    }

    static RuntimeSections from(ConfigNode config) {
        List<SchedulerJobConfig> jobs = SchedulerJobConfig.listFrom(config.get("scheduler"));
        return new RuntimeSections(
                LoggerConfig.from(config.get("logger")),
                MetricsConfig.from(config.get("metrics")),
                ManagementApiConfig.from(config.get("managementApi")),
                HttpCacheConfig.from(config.get("httpCache")),
                TelemetryConfig.from(config.get("telemetry")),
                jobs,
                UndiciConfig.from(config.get("undici")),
                SchedulerClusterConfig.from(config.get("schedulerCluster")));
    }
}
