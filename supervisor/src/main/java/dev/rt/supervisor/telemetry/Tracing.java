package dev.rt.supervisor.telemetry;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.TelemetryConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.ExchangeTracing;
import dev.rt.supervisor.worker.WorkerSpans;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SdkTracerProviderBuilder;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Tracing in the supervisor, from the runtime's {@code telemetry}: an SDK of its own (never the global one), its
 * spans reported as {@code <serviceName>}, sampled by {@code sampling} where a trace starts and as the
 * {@code traceparent} says after that, batched to every configured exporter. {@link #entrypoint} and {@link #mesh}
 * are what the proxy servers call.
 */
public final class Tracing implements AutoCloseable {
    static final Duration EXPORT_DELAY = Duration.ofMillis(500);
    private static final String SCOPE = "dev.rt.supervisor";

    private final TelemetryConfig telemetry;
    private final SdkTracerProvider provider;
    private final Tracer tracer;
    private final MemorySpanExporter memory;
    private final Set<String> untraced;
    private final WorkerSpanExport workerSpans;

    private Tracing(TelemetryConfig telemetry, SdkTracerProvider provider, MemorySpanExporter memory,
            Set<String> untraced, WorkerSpanExport workerSpans) {
        this.telemetry = telemetry;
        this.provider = provider;
        this.tracer = provider.get(SCOPE);
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
        AttributesBuilder resource = Attributes.builder().put("service.name", telemetry.name());
        telemetry.version().ifPresent(version -> resource.put("service.version", version));
        SdkTracerProviderBuilder builder = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(resource.build())))
                .setSampler(Sampler.parentBased(Sampler.traceIdRatioBased(telemetry.sampling())));
        List<SpanProcessor> processors = new ArrayList<>();
        for (SpanExporter exporter : SpanExporters.of(telemetry, config.root(), log, memory)) {
            SpanProcessor processor = exporter == memory ? SimpleSpanProcessor.create(exporter)
                    : BatchSpanProcessor.builder(exporter).setScheduleDelay(EXPORT_DELAY).build();
            processors.add(processor);
            builder.addSpanProcessor(processor);
        }
        Set<String> untraced = config.services().stream().filter(service -> !service.telemetry().enabled())
                .map(ServiceConfig::id).collect(Collectors.toUnmodifiableSet());
        return Optional.of(new Tracing(telemetry, builder.build(), memory, untraced,
                new WorkerSpanExport(telemetry, Resource.getDefault(), SpanProcessor.composite(processors),
                        config.services())));
    }

    /** The tracing of the public server: a SERVER span per request; {@code scheme} is how clients reach it. */
    public ExchangeTracing entrypoint(String scheme) {
        return new ProxySpans(tracer, SpanKind.SERVER, scheme, telemetry, untraced);
    }

    /** The tracing of the mesh: a CLIENT span per call between services. */
    public ExchangeTracing mesh() {
        return new ProxySpans(tracer, SpanKind.CLIENT, "http", telemetry, untraced);
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
        provider.forceFlush().join(limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Exports what is pending (for up to 5 s) and stops. */
    @Override
    public void close() {
        workerSpans.close();
        provider.shutdown().join(5, TimeUnit.SECONDS);
    }
}
