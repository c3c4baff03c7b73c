package dev.rt.supervisor.telemetry;

import dev.rt.protocol.WorkerSpan;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationLibraryInfo;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import java.util.List;

/**
 * A span a worker recorded, as the span processors and the exporters take it (ended, sampled): under its service's
 * resource, in rt's worker scope.
 */
final class WorkerSpanData implements SpanData, ReadableSpan {
    static final InstrumentationScopeInfo SCOPE = InstrumentationScopeInfo.create("dev.rt.worker");

    private final WorkerSpan span;
    private final Resource resource;
    private final Attributes attributes;

    WorkerSpanData(WorkerSpan span, Resource resource) {
        this.span = span;
        this.resource = resource;
        AttributesBuilder builder = Attributes.builder();
        span.attributes().forEach(builder::put);
        span.numbers().forEach(builder::put);
        this.attributes = builder.build();
    }

    @Override
    public String getName() {
        return span.name();
    }

    @Override
    public SpanKind getKind() {
        return switch (span.kind()) {
            case "SERVER" -> SpanKind.SERVER;
            case "CLIENT" -> SpanKind.CLIENT;
            default -> SpanKind.INTERNAL;
        };
    }

    @Override
    public SpanContext getSpanContext() {
        return SpanContext.create(span.traceId(), span.spanId(), TraceFlags.getSampled(), TraceState.getDefault());
    }

    @Override
    public SpanContext getParentSpanContext() {
        return span.parentSpanId().isEmpty() ? SpanContext.getInvalid()
                : SpanContext.createFromRemoteParent(span.traceId(), span.parentSpanId(), TraceFlags.getSampled(),
                        TraceState.getDefault());
    }

    @Override
    public StatusData getStatus() {
        return span.error().isEmpty() ? StatusData.unset() : StatusData.create(StatusCode.ERROR, span.error());
    }

    @Override
    public long getStartEpochNanos() {
        return span.startEpochNanos();
    }

    @Override
    public Attributes getAttributes() {
        return attributes;
    }

    @Override
    public List<EventData> getEvents() {
        return List.of();
    }

    @Override
    public List<LinkData> getLinks() {
        return List.of();
    }

    @Override
    public long getEndEpochNanos() {
        return span.endEpochNanos();
    }

    @Override
    public boolean hasEnded() {
        return true;
    }

    @Override
    public int getTotalRecordedEvents() {
        return 0;
    }

    @Override
    public int getTotalRecordedLinks() {
        return 0;
    }

    @Override
    public int getTotalAttributeCount() {
        return attributes.size();
    }

    @Override
    @SuppressWarnings("deprecation")
    public InstrumentationLibraryInfo getInstrumentationLibraryInfo() {
        return InstrumentationLibraryInfo.create(SCOPE.getName(), null);
    }

    @Override
    public InstrumentationScopeInfo getInstrumentationScopeInfo() {
        return SCOPE;
    }

    @Override
    public Resource getResource() {
        return resource;
    }

    @Override
    public SpanData toSpanData() {
        return this;
    }

    @Override
    public long getLatencyNanos() {
        return span.endEpochNanos() - span.startEpochNanos();
    }

    @Override
    public <T> T getAttribute(AttributeKey<T> key) {
        return attributes.get(key);
    }

    @Override
    public String toString() {
        return "WorkerSpanData{" + span + "}";
    }
}
