package dev.rt.supervisor.telemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.StatusData;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes finished spans as the body of an OTLP/HTTP export, an {@code ExportTraceServiceRequest} in protobuf, the
 * fields and their order as OpenTelemetry's own marshaller writes them: one {@code ResourceSpans} per resource, one
 * {@code ScopeSpans} per scope inside it (both grouped by identity, the spans in their order), and for each span its
 * ids, name, kind, times, attributes (strings, booleans, integers, doubles), status and flags. Only spans with no
 * events, no links and no trace state, as the proxy and the workers' response heads make them ({@link FinishedSpan}).
 * One instance per thread: it reuses its buffer.
 */
final class OtlpSpanEncoder {
    private static final int FLAGS_HAS_IS_REMOTE = 0x100;
    private static final int FLAGS_IS_REMOTE = 0x200;

    private final ProtoWriter out = new ProtoWriter();

    /** One resource's spans, by scope. */
    private record Group(Resource resource, List<InstrumentationScopeInfo> scopes, List<List<FinishedSpan>> spans) {
    }

    byte[] encode(List<FinishedSpan> spans) {
        List<Group> groups = new ArrayList<>(4);
        for (FinishedSpan span : spans) {
            Group group = null;
            for (Group candidate : groups) {
                if (candidate.resource == span.getResource()) {
                    group = candidate;
                    break;
                }
            }
            if (group == null) {
                group = new Group(span.getResource(), new ArrayList<>(2), new ArrayList<>(2));
                groups.add(group);
            }
            int scope = 0;
            while (scope < group.scopes.size() && group.scopes.get(scope) != span.getInstrumentationScopeInfo()) {
                scope++;
            }
            if (scope == group.scopes.size()) {
                group.scopes.add(span.getInstrumentationScopeInfo());
                group.spans.add(new ArrayList<>());
            }
            group.spans.get(scope).add(span);
        }
        out.reset();
        for (Group group : groups) {
            int resourceSpans = out.begin(1);
            int resource = out.begin(1);
            attributes(1, group.resource.getAttributes());
            out.end(resource);
            for (int i = 0; i < group.scopes.size(); i++) {
                int scopeSpans = out.begin(2);
                scope(group.scopes.get(i));
                for (FinishedSpan span : group.spans.get(i)) {
                    span(span);
                }
                out.end(scopeSpans);
            }
            if (group.resource.getSchemaUrl() != null) {
                out.stringField(3, group.resource.getSchemaUrl());
            }
            out.end(resourceSpans);
        }
        return out.toByteArray();
    }

    private void scope(InstrumentationScopeInfo info) {
        int scope = out.begin(1);
        if (!info.getName().isEmpty()) {
            out.stringField(1, info.getName());
        }
        if (info.getVersion() != null && !info.getVersion().isEmpty()) {
            out.stringField(2, info.getVersion());
        }
        attributes(3, info.getAttributes());
        out.end(scope);
    }

    private void span(FinishedSpan span) {
        int mark = out.begin(2);
        SpanContext context = span.getSpanContext();
        SpanContext parent = span.getParentSpanContext();
        out.hexField(1, context.getTraceId());
        out.hexField(2, context.getSpanId());
        if (parent.isValid()) {
            out.hexField(4, parent.getSpanId());
        }
        out.stringField(5, span.getName());
        out.varintField(6, span.getKind().ordinal() + 1); // INTERNAL, SERVER, CLIENT, PRODUCER, CONSUMER: 1 to 5
        out.fixed64Field(7, span.getStartEpochNanos());
        out.fixed64Field(8, span.getEndEpochNanos());
        attributes(9, span.getAttributes());
        StatusData status = span.getStatus();
        int statusMark = out.begin(15);
        if (!status.getDescription().isEmpty()) {
            out.stringField(2, status.getDescription());
        }
        if (status.getStatusCode() != StatusCode.UNSET) {
            out.varintField(3, status.getStatusCode() == StatusCode.OK ? 1 : 2);
        }
        out.end(statusMark);
        out.fixed32Field(16, context.getTraceFlags().asByte() & 0xFF | FLAGS_HAS_IS_REMOTE
                | (parent.isRemote() ? FLAGS_IS_REMOTE : 0));
        out.end(mark);
    }

    private void attributes(int field, Attributes attributes) {
        attributes.forEach((key, value) -> {
            int keyValue = out.begin(field);
            out.stringField(1, key.getKey());
            int any = out.begin(2);
            value(key, value);
            out.end(any);
            out.end(keyValue);
        });
    }

    private void value(AttributeKey<?> key, Object value) {
        switch (key.getType()) {
            case STRING -> out.stringField(1, (String) value);
            case BOOLEAN -> out.boolField(2, (Boolean) value);
            case LONG -> out.varintField(3, (Long) value);
            case DOUBLE -> out.doubleField(4, (Double) value);
            default -> throw new IllegalArgumentException("not a scalar attribute: " + key);
        }
    }
}
