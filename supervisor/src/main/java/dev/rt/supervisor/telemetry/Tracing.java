package dev.rt.supervisor.telemetry;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.TelemetryConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.exchange.ExchangeTracing;
import dev.rt.supervisor.worker.WorkerSpans;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Tracing in the supervisor, from the runtime's {@code telemetry}: its spans reported as {@code <serviceName>},
 * sampled by {@code sampling} where a trace starts and as the {@code traceparent} says after that, batched to every
 * configured exporter by a {@link SpanPipeline} of its own, the workers' spans with them. {@link #entrypoint} and
 * {@link #mesh} are what the proxy servers call. The exporters are OpenTelemetry's; the spans are rt's own records
 * until the export thread turns them into the exporters' {@code SpanData}.
 */
public final class Tracing implements AutoCloseable {
    private final TelemetryConfig telemetry;
    private final SpanPipeline pipeline;
    private final Resource resource;
    private final MemorySpanExporter memory;
    private final Set<String> untraced;
    private final WorkerSpanExport workerSpans;

    private Tracing(TelemetryConfig telemetry, SpanPipeline pipeline, Resource resource, MemorySpanExporter memory,
            Set<String> untraced, WorkerSpanExport workerSpans) {
        this.telemetry = telemetry;
        this.pipeline = pipeline;
        this.resource = resource;
        this.memory = memory;
        this.untraced = untraced;
        this.workerSpans = workerSpans;
    }

    /** The tracing of {@code config}, or empty when it has no {@code telemetry}. */
    public static Optional<Tracing> of(RuntimeConfig config, RuntimeLog log) {
        Optional<TelemetryConfig> section = config.sections().telemetry();
        if (section.isEmpty()) {
            return Optional.empty();
        }
        TelemetryConfig telemetry = section.get();
        TelemetryDiagnostics.silence();
        MemorySpanExporter memory = new MemorySpanExporter();
        AttributesBuilder attributes = Attributes.builder().put("service.name", telemetry.name());
        telemetry.version().ifPresent(version -> attributes.put("service.version", version));
        Resource resource = Resource.getDefault().merge(Resource.create(attributes.build()));
        SpanPipeline pipeline = new SpanPipeline(SpanExporters.of(telemetry, config.root(), log, memory), log);
        Set<String> untraced = config.services().stream().filter(service -> !service.telemetry().enabled())
                .map(ServiceConfig::id).collect(Collectors.toUnmodifiableSet());
        return Optional.of(new Tracing(telemetry, pipeline, resource, memory, untraced,
                new WorkerSpanExport(telemetry, Resource.getDefault(), pipeline, config.services())));
    }

    /** The tracing of the public server: a SERVER span per request; {@code scheme} is how clients reach it. */
    public ExchangeTracing entrypoint(String scheme) {
        return new ProxySpans(pipeline::add, resource, workerSpans::resourceOf, SpanKind.SERVER, scheme, telemetry,
                untraced);
    }

    /** The tracing of the mesh: a CLIENT span per call between services. */
    public ExchangeTracing mesh() {
        return new ProxySpans(pipeline::add, resource, workerSpans::resourceOf, SpanKind.CLIENT, "http", telemetry,
                untraced);
    }

    /** Where the spans the workers of services traced without the Java agent record go. */
    public WorkerSpans workerSpans() {
        return workerSpans;
    }

    /** The spans the {@code memory} exporter holds, oldest first; empty without that exporter. */
    public List<SpanData> memorySpans() {
        return memory.spans();
    }

    /** Exports what is pending, waiting up to {@code limit}. */
    public void flush(Duration limit) {
        pipeline.flush(limit);
    }

    /** Exports what is pending (for up to 5 s) and stops. */
    @Override
    public void close() {
        workerSpans.close();
        pipeline.close();
    }
}
