package dev.rt.agent;

import dev.rt.protocol.MetricFamily;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;

/**
 * The worker's metrics: the Prometheus JVM instrumentation (memory, GC, threads, classes, CPU, uptime, the
 * process). Registered on the first request, not at start-up, so that a worker starts as fast without them:
 * neither this class nor client_java is loaded until the supervisor first asks.
 */
final class JvmMetricsCollector {
    private JvmMetricsCollector() {
    }

    /** Every family now, in the wire form. */
    static List<MetricFamily> collect() {
        return WireMetrics.of(Registered.REGISTRY.scrape());
    }

    /** Initialised by the JVM on first use, once, thread-safely. */
    private static final class Registered {
        static final PrometheusRegistry REGISTRY = register();

        private static PrometheusRegistry register() {
            PrometheusRegistry registry = new PrometheusRegistry();
            JvmMetrics.builder().register(registry);
            return registry;
        }
    }
}
