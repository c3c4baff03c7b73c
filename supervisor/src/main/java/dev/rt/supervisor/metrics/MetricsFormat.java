package dev.rt.supervisor.metrics;

/** The two forms of the runtime's aggregated metrics. */
public enum MetricsFormat {
    /** The Prometheus text exposition format 0.0.4. */
    TEXT,
    /** A JSON array with one object per family: {@code [{name, help, type, aggregator, values}]}. */
    JSON
}
