package dev.rt.supervisor.scheduler;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * Per job, in the supervisor's registry: {@code rt_scheduler_job_runs_total} (every run, on its cron or asked for),
 * {@code rt_scheduler_job_failures_total} (runs whose every attempt failed) and
 * {@code rt_scheduler_job_duration_seconds} (a run from its first attempt to its last, waits between included).
 */
final class SchedulerMetrics {
    private final Counter runs;
    private final Counter failures;
    private final Histogram duration;

    SchedulerMetrics(PrometheusRegistry registry) {
        runs = Counter.builder().name("rt_scheduler_job_runs").help("Runs of each scheduler job")
                .labelNames("job").withoutExemplars().register(registry);
        failures = Counter.builder().name("rt_scheduler_job_failures")
                .help("Runs of each scheduler job that failed after their last attempt")
                .labelNames("job").withoutExemplars().register(registry);
        duration = Histogram.builder().name("rt_scheduler_job_duration_seconds")
                .help("Duration of each scheduler job's runs, retries included, in seconds")
                .labelNames("job").classicOnly().withoutExemplars().register(registry);
    }

    /** Every job's series from the start, at zero. */
    void declare(String job) {
        runs.labelValues(job);
        failures.labelValues(job);
        duration.labelValues(job);
    }

    void ran(String job, boolean success, long nanos) {
        runs.labelValues(job).inc();
        if (!success) {
            failures.labelValues(job).inc();
        }
        duration.labelValues(job).observe(nanos / 1e9);
    }
}
