package dev.rt.supervisor.telemetry;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.common.InstrumentationLibraryInfo;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import java.util.List;

/**
 * An ended, sampled span as the exporters take it, built on the export thread from what the proxy or a worker
 * recorded ({@link ProxySpan}, {@link WorkerSpanData}); no events, no links.
 */
final class FinishedSpan implements SpanData {
    private final String name;
    private final SpanKind kind;
    private final SpanContext context;
    private final SpanContext parent;
    private final StatusData status;
    private final long startEpochNanos;
    private final long endEpochNanos;
    private final Attributes attributes;
    private final Resource resource;
    private final InstrumentationScopeInfo scope;

    @SuppressWarnings("checkstyle:ParameterNumber")
    FinishedSpan(String name, SpanKind kind, SpanContext context, SpanContext parent, StatusData status,
            long startEpochNanos, long endEpochNanos, Attributes attributes, Resource resource,
            InstrumentationScopeInfo scope) {
        this.name = name;
        this.kind = kind;
        this.context = context;
        this.parent = parent;
        this.status = status;
        this.startEpochNanos = startEpochNanos;
        this.endEpochNanos = endEpochNanos;
        this.attributes = attributes;
        this.resource = resource;
        this.scope = scope;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public SpanKind getKind() {
        return kind;
    }

    @Override
    public SpanContext getSpanContext() {
        return context;
    }

    @Override
    public SpanContext getParentSpanContext() {
        return parent;
    }

    @Override
    public StatusData getStatus() {
        return status;
    }

    @Override
    public long getStartEpochNanos() {
        return startEpochNanos;
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
        return endEpochNanos;
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
        return InstrumentationLibraryInfo.create(scope.getName(), null);
    }

    @Override
    public InstrumentationScopeInfo getInstrumentationScopeInfo() {
        return scope;
    }

    @Override
    public Resource getResource() {
        return resource;
    }

    @Override
    public String toString() {
        return "FinishedSpan{" + name + " " + kind + " " + context.getTraceId() + "/" + context.getSpanId() + "}";
    }
}
