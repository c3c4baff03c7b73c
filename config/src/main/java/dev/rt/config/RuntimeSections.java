package dev.rt.config;

import java.util.List;
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
        java.util.Objects.requireNonNull(logger, "logger");
        java.util.Objects.requireNonNull(metrics, "metrics");
        java.util.Objects.requireNonNull(managementApi, "managementApi");
        java.util.Objects.requireNonNull(httpCache, "httpCache");
        java.util.Objects.requireNonNull(undici, "undici");
        scheduler = List.copyOf(scheduler);
        java.util.Objects.requireNonNull(schedulerCluster, "schedulerCluster");
    }

    /** Sections without {@code schedulerCluster}. */
    public RuntimeSections(LoggerConfig logger, MetricsConfig metrics, ManagementApiConfig managementApi,
            HttpCacheConfig httpCache, Optional<TelemetryConfig> telemetry, List<SchedulerJobConfig> scheduler,
            UndiciConfig undici) {
        this(logger, metrics, managementApi, httpCache, telemetry, scheduler, undici, Optional.empty());
    }

    static RuntimeSections from(com.fasterxml.jackson.databind.JsonNode config) {
        List<SchedulerJobConfig> jobs = new java.util.ArrayList<>();
        config.path("scheduler").forEach(job -> jobs.add(SchedulerJobConfig.from(job)));
        return new RuntimeSections(
                LoggerConfig.from(config.path("logger")),
                MetricsConfig.from(config.path("metrics")),
                ManagementApiConfig.from(config.path("managementApi")),
                HttpCacheConfig.from(config.path("httpCache")),
                TelemetryConfig.from(config.path("telemetry")),
                jobs,
                UndiciConfig.from(config.path("undici")),
                SchedulerClusterConfig.from(config.path("schedulerCluster")));
    }
}
