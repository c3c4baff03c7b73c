package dev.rt.telemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.Map;

/**
 * One span as a line of JSON, the format of the {@code file} exporter:
 * <pre>
 * {"traceId":"…","spanId":"…","parentSpanId":"…","name":"GET /hello","kind":"SERVER",
 *  "startTimeUnixNano":…,"endTimeUnixNano":…,"status":{"code":"ERROR","description":"…"},
 *  "attributes":{"http.request.method":"GET","http.response.status_code":200},
 *  "resource":{"service.name":"shop-api"},"scope":"io.opentelemetry.java-http-server"}
 * </pre>
 * {@code parentSpanId} is left out for a root span, {@code description} when there is none. Written by hand: the
 * agent's class loader offers no JSON library.
 */
final class SpanJson {
    private SpanJson() {
    }

    static StringBuilder append(StringBuilder out, SpanData span) {
        out.append("{\"traceId\":\"").append(span.getTraceId()).append("\",\"spanId\":\"").append(span.getSpanId())
                .append('"');
        if (span.getParentSpanContext().isValid()) {
            out.append(",\"parentSpanId\":\"").append(span.getParentSpanId()).append('"');
        }
        out.append(",\"name\":");
        string(out, span.getName());
        out.append(",\"kind\":\"").append(span.getKind().name()).append("\",\"startTimeUnixNano\":")
                .append(span.getStartEpochNanos()).append(",\"endTimeUnixNano\":").append(span.getEndEpochNanos())
                .append(",\"status\":{\"code\":\"").append(span.getStatus().getStatusCode().name()).append('"');
        if (span.getStatus().getStatusCode() == StatusCode.ERROR && !span.getStatus().getDescription().isEmpty()) {
            out.append(",\"description\":");
            string(out, span.getStatus().getDescription());
        }
        out.append("},\"attributes\":");
        attributes(out, span.getAttributes());
        out.append(",\"resource\":");
        attributes(out, span.getResource().getAttributes());
        out.append(",\"scope\":");
        string(out, span.getInstrumentationScopeInfo().getName());
        return out.append('}');
    }

    private static void attributes(StringBuilder out, Attributes attributes) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<AttributeKey<?>, Object> entry : attributes.asMap().entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            string(out, entry.getKey().getKey());
            out.append(':');
            value(out, entry.getValue());
        }
        out.append('}');
    }

    private static void value(StringBuilder out, Object value) {
        if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                value(out, list.get(i));
            }
            out.append(']');
        } else if (value instanceof Boolean || value instanceof Long
                || value instanceof Double d && !d.isNaN() && !d.isInfinite()) {
            out.append(value);
        } else {
            string(out, String.valueOf(value));
        }
    }

    static void string(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
