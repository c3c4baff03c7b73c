package dev.rt.supervisor.telemetry;

import dev.rt.config.ServiceConfig;
import dev.rt.config.TelemetryConfig;
import dev.rt.protocol.WorkerSpan;
import dev.rt.supervisor.worker.WorkerSpans;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Exports the spans workers record (rt's light tracing) with the supervisor's own exporters, each service's under
 * its resource ({@code service.name} {@code <serviceName>-<serviceId>}). A worker sends them in batches already,
 * so they go to the exporters as they come, without another queue; an exporter that fails says so through
 * {@link ExportFailures}, as for the supervisor's own spans.
 */
final class WorkerSpanExport implements WorkerSpans {
    private final TelemetryConfig telemetry;
    private final Resource base;
    private final List<SpanExporter> exporters;
    private final Set<String> recording;
    private final Map<String, Resource> resources = new ConcurrentHashMap<>();
    private volatile boolean closed;

    WorkerSpanExport(TelemetryConfig telemetry, Resource base, List<SpanExporter> exporters, List<ServiceConfig> services) {
        this.telemetry = telemetry;
        this.base = base;
        this.exporters = List.copyOf(exporters);
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
        Resource resource = resources.computeIfAbsent(serviceId, this::resourceOf);
        List<SpanData> data = new ArrayList<>(spans.size());
        for (WorkerSpan span : spans) {
            data.add(new WorkerSpanData(span, resource));
        }
        for (SpanExporter exporter : exporters) {
            exporter.export(data);
        }
    }

    /** Drops what comes from now on: the exporters are shutting down. */
    void close() {
        closed = true;
    }

    private Resource resourceOf(String serviceId) {
        AttributesBuilder attributes = Attributes.builder().put("service.name", telemetry.serviceName(serviceId));
        telemetry.version().ifPresent(version -> attributes.put("service.version", version));
        return base.merge(Resource.create(attributes.build()));
    }
}
