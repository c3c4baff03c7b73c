package dev.rt.supervisor.telemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch of spans written straight into the body of an OTLP/HTTP export, an {@code ExportTraceServiceRequest} in
 * protobuf, with the fields and their order as OpenTelemetry's own marshaller writes them: one {@code ResourceSpans}
 * per resource, one {@code ScopeSpans} per scope inside it, the spans in their order. The spans' writers
 * ({@link ProxySpan#encode}) ask for the {@link #spans} of their resource and scope and write one {@code Span}
 * message with {@link #beginSpan}, their attributes in key order, then {@link #endSpan}; the resources and scopes
 * are encoded once. Only spans with no events and no links. One instance per thread: it reuses its buffers.
 */
final class OtlpSpanEncoder {
    static final int KIND_SERVER = 2; // SpanKind's ordinal + 1
    static final int KIND_CLIENT = 3;
    static final int STATUS_UNSET = 0;
    static final int STATUS_ERROR = 2;
    /** A span's attributes are field 9 of its message. */
    static final int ATTRIBUTE = 9;
    private static final int SPAN = 2;
    private static final int FLAGS_SAMPLED_HAS_IS_REMOTE = 0x101;
    private static final int FLAGS_IS_REMOTE = 0x200;

    /** The spans of one resource and scope. */
    private record Group(Resource resource, InstrumentationScopeInfo scope, ProtoWriter spans) {
    }

    private final List<Group> groups = new ArrayList<>(4);
    private final List<Group> spare = new ArrayList<>(4);
    private final Map<Resource, byte[]> resources = new IdentityHashMap<>();
    private final Map<InstrumentationScopeInfo, byte[]> scopes = new IdentityHashMap<>();
    private ProtoWriter out = new ProtoWriter();
    private int count;

    /** The encoded form of an attribute key, for {@link ProtoWriter#stringAttribute} and the like. */
    static byte[] key(String key) {
        return ProtoWriter.encoded(writer -> writer.stringField(1, key));
    }

    /** The writer the next span of {@code resource} and {@code scope} (compared by identity) is written into. */
    ProtoWriter spans(Resource resource, InstrumentationScopeInfo scope) {
        count++;
        for (int i = 0; i < groups.size(); i++) {
            Group group = groups.get(i);
            if (group.resource == resource && group.scope == scope) {
                return group.spans;
            }
        }
        Group group = spare.isEmpty() ? null : spare.remove(spare.size() - 1);
        group = new Group(resource, scope, group == null ? new ProtoWriter() : group.spans);
        group.spans.reset();
        groups.add(group);
        return group.spans;
    }

    /** About how many bytes the batch's body will take: those of its spans. */
    int bytes() {
        int bytes = 0;
        for (int i = 0; i < groups.size(); i++) {
            bytes += groups.get(i).spans.size();
        }
        return bytes;
    }

    /** How many spans the batch holds. */
    int count() {
        return count;
    }

    /** {@link #write} as a new array. */
    byte[] body() {
        write();
        return out.toByteArray();
    }

    /**
     * Writes the request body for the spans written so far and empties the batch: the body is the first
     * {@link #bodySize} bytes of {@link #bodyArray}, the encoder's own buffer (no copy of a body of megabytes, which
     * would soon be garbage in the old generation), until the next {@code write}, or until {@link #release}.
     */
    void write() {
        out.reset();
        for (int i = 0; i < groups.size(); i++) {
            Group group = groups.get(i);
            if (firstOf(i)) { // the later groups of its resource are written with it
                int resourceSpans = out.begin(1);
                out.raw(resources.computeIfAbsent(group.resource, OtlpSpanEncoder::resource));
                for (int j = i; j < groups.size(); j++) {
                    Group same = groups.get(j);
                    if (same.resource == group.resource) {
                        int scopeSpans = out.begin(2);
                        out.raw(scopes.computeIfAbsent(same.scope, OtlpSpanEncoder::scope));
                        out.append(same.spans);
                        out.end(scopeSpans);
                    }
                }
                if (group.resource.getSchemaUrl() != null) {
                    out.stringField(3, group.resource.getSchemaUrl());
                }
                out.end(resourceSpans);
            }
        }
        spare.addAll(groups);
        groups.clear();
        count = 0;
    }

    byte[] bodyArray() {
        return out.array();
    }

    int bodySize() {
        return out.size();
    }

    /** Leaves the last body to whoever still reads it (an export that did not end in time): the next gets a new buffer. */
    void release() {
        out = new ProtoWriter();
    }

    private boolean firstOf(int index) {
        for (int j = 0; j < index; j++) {
            if (groups.get(j).resource == groups.get(index).resource) {
                return false;
            }
        }
        return true;
    }

    /**
     * Starts a sampled span's {@code Span} message in {@code out}; returns the mark {@link #endSpan} takes. Its
     * attributes come next, in the order of their keys.
     *
     * @param traceState the W3C form of its trace state; empty when it has none
     * @param parentId   0 for a root span
     * @param kind       {@link #KIND_SERVER} or {@link #KIND_CLIENT}
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    static int beginSpan(ProtoWriter out, long traceHigh, long traceLow, long spanId, String traceState, long parentId,
            String name, int kind, long startEpochNanos, long endEpochNanos) {
        int mark = out.begin(SPAN);
        out.idField(1, traceHigh, traceLow);
        out.idField(2, spanId);
        if (!traceState.isEmpty()) {
            out.stringField(3, traceState);
        }
        if (parentId != 0) {
            out.idField(4, parentId);
        }
        out.stringField(5, name);
        out.varintField(6, kind);
        out.fixed64Field(7, startEpochNanos);
        out.fixed64Field(8, endEpochNanos);
        return mark;
    }

    /**
     * Ends the span begun at {@code mark} with its status ({@link #STATUS_UNSET} or {@link #STATUS_ERROR}, the
     * description empty when none) and its flags.
     */
    static void endSpan(ProtoWriter out, int mark, int status, String description, boolean remoteParent) {
        int statusMark = out.begin(15);
        if (!description.isEmpty()) {
            out.stringField(2, description);
        }
        if (status != STATUS_UNSET) {
            out.varintField(3, status);
        }
        out.end(statusMark);
        out.fixed32Field(16, FLAGS_SAMPLED_HAS_IS_REMOTE | (remoteParent ? FLAGS_IS_REMOTE : 0));
        out.end(mark);
    }

    /** Field 1 of {@code ResourceSpans}: the {@code Resource} message. */
    private static byte[] resource(Resource resource) {
        return ProtoWriter.encoded(writer -> {
            int mark = writer.begin(1);
            attributes(writer, 1, resource.getAttributes());
            writer.end(mark);
        });
    }

    /** Field 1 of {@code ScopeSpans}: the {@code InstrumentationScope} message. */
    private static byte[] scope(InstrumentationScopeInfo info) {
        return ProtoWriter.encoded(writer -> {
            int mark = writer.begin(1);
            if (!info.getName().isEmpty()) {
                writer.stringField(1, info.getName());
            }
            if (info.getVersion() != null && !info.getVersion().isEmpty()) {
                writer.stringField(2, info.getVersion());
            }
            attributes(writer, 3, info.getAttributes());
            writer.end(mark);
        });
    }

    private static void attributes(ProtoWriter writer, int field, Attributes attributes) {
        attributes.forEach((key, value) -> {
            int keyValue = writer.begin(field);
            writer.stringField(1, key.getKey());
            int any = writer.begin(2);
            value(writer, key, value);
            writer.end(any);
            writer.end(keyValue);
        });
    }

    private static void value(ProtoWriter writer, AttributeKey<?> key, Object value) {
        switch (key.getType()) {
            case STRING -> writer.stringField(1, (String) value);
            case BOOLEAN -> writer.boolField(2, (Boolean) value);
            case LONG -> writer.varintField(3, (Long) value);
            case DOUBLE -> writer.doubleField(4, (Double) value);
            default -> throw new IllegalArgumentException("not a scalar attribute: " + key);
        }
    }
}
