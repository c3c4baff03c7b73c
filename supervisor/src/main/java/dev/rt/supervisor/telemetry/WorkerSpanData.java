package dev.rt.supervisor.telemetry;

import dev.rt.protocol.WorkerSpan;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import java.util.List;

/**
 * A span a worker recorded, queued for export under its service's resource in rt's worker scope; turned into the
 * exporters' {@link FinishedSpan} on the export thread.
 */
record WorkerSpanData(WorkerSpan span, Resource resource) implements SpanPipeline.Pending {
    static final InstrumentationScopeInfo SCOPE = InstrumentationScopeInfo.create("dev.rt.worker");

    @Override
    public void finish(SpanPipeline.Clock clock, List<SpanData> out) {
        AttributesBuilder attributes = Attributes.builder();
        span.attributes().forEach(attributes::put);
        span.numbers().forEach(attributes::put);
        SpanContext parent = span.parentSpanId().isEmpty() ? SpanContext.getInvalid()
                : SpanContext.createFromRemoteParent(span.traceId(), span.parentSpanId(), TraceFlags.getSampled(),
                        TraceState.getDefault());
        out.add(new FinishedSpan(span.name(), kind(span.kind()),
                SpanContext.create(span.traceId(), span.spanId(), TraceFlags.getSampled(), TraceState.getDefault()),
                parent, span.error().isEmpty() ? StatusData.unset() : StatusData.create(StatusCode.ERROR, span.error()),
                span.startEpochNanos(), span.endEpochNanos(), attributes.build(), resource, SCOPE));
    }

    private static SpanKind kind(String kind) {
        return switch (kind) {
            case "SERVER" -> SpanKind.SERVER;
            case "CLIENT" -> SpanKind.CLIENT;
            default -> SpanKind.INTERNAL;
        };
    }
}
