package dev.rt.supervisor.telemetry;

import dev.rt.config.ServiceConfig;
import dev.rt.config.TelemetryConfig;
import dev.rt.protocol.WorkerSpan;
import dev.rt.supervisor.worker.WorkerSpans;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.resources.Resource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Exports the spans workers record (rt's light tracing) through the supervisor's {@link SpanPipeline}, batched with
 * its own spans, each service's under its resource ({@code service.name} {@code <serviceName>-<serviceId>}).
 */
final class WorkerSpanExport implements WorkerSpans {
    private final TelemetryConfig telemetry;
    private final Resource base;
    private final SpanPipeline pipeline;
    private final Set<String> recording;
    private final Map<String, Resource> resources = new ConcurrentHashMap<>();
    private volatile boolean closed;

    WorkerSpanExport(TelemetryConfig telemetry, Resource base, SpanPipeline pipeline, List<ServiceConfig> services) {
        this.telemetry = telemetry;
        this.base = base;
        this.pipeline = pipeline;
        Predicate<ServiceConfig> light = service -> service.telemetry().enabled() && !service.telemetry().javaagent();
        this.recording = Set.copyOf(services.stream().filter(light).map(ServiceConfig::id).toList());
    }

    @Override
    public boolean records(String serviceId) {
        return recording.contains(serviceId);
    }

    @Override
    public void export(String serviceId, List<WorkerSpan> spans) {
        if (closed || !recording.contains(serviceId) || spans.isEmpty()) {
            return;
        }
        Resource resource = resourceOf(serviceId);
        for (WorkerSpan span : spans) {
            pipeline.add(new WorkerSpanData(span, resource));
        }
    }

    /** The resource of {@code serviceId}'s spans; null when its workers record none. */
    Resource resourceOf(String serviceId) {
        return recording.contains(serviceId) ? resources.computeIfAbsent(serviceId, this::newResource) : null;
    }

    /** Drops what comes from now on: the exporters are shutting down. */
    void close() {
        closed = true;
    }

    private Resource newResource(String serviceId) {
        AttributesBuilder attributes = Attributes.builder().put("service.name", telemetry.serviceName(serviceId));
        telemetry.version().ifPresent(version -> attributes.put("service.version", version));
        return base.merge(Resource.create(attributes.build()));
    }
}
