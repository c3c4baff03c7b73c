package dev.rt.supervisor.telemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.StatusData;

/**
 * A worker's SERVER span as it comes back in its response head ({@code x-rt-span}):
 * {@code <span id>;<start, epoch ns>;<ns from the start to the head>;<status>;<route>}, the route empty when none
 * matched. Its parent is the supervisor's span of the exchange, whose trace state it shares (the worker was sent the
 * same {@code tracestate}); it ends as much after its head as the response's last part reached the supervisor after
 * the head did. A value that does not read so is no span.
 *
 * @param route empty when none matched
 */
record WorkerHeadSpan(long spanId, long start, long toHead, int status, String route) {
    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> URL_PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
    private static final byte[] METHOD_KEY = OtlpSpanEncoder.key(METHOD.getKey());
    private static final byte[] STATUS_CODE_KEY = OtlpSpanEncoder.key(ProxySpan.STATUS_CODE.getKey());
    private static final byte[] ROUTE_KEY = OtlpSpanEncoder.key(ROUTE.getKey());
    private static final byte[] URL_PATH_KEY = OtlpSpanEncoder.key(URL_PATH.getKey());

    /** The span {@code header} describes, or null when it is malformed. */
    static WorkerHeadSpan read(String header) {
        int first = header.indexOf(';');
        int second = first < 0 ? -1 : header.indexOf(';', first + 1);
        int third = second < 0 ? -1 : header.indexOf(';', second + 1);
        int fourth = third < 0 ? -1 : header.indexOf(';', third + 1);
        if (first != 16 || fourth < 0 || !TraceParent.lowerHex(header, 0, 16)) {
            return null;
        }
        long spanId = TraceParent.id(header, 0);
        long start;
        long toHead;
        int status;
        try {
            start = Long.parseLong(header, first + 1, second, 10);
            toHead = Long.parseLong(header, second + 1, third, 10);
            status = Integer.parseInt(header, third + 1, fourth, 10);
        } catch (NumberFormatException e) {
            return null;
        }
        if (spanId == 0 || start <= 0 || toHead < 0 || status < 100 || status > 999) {
            return null;
        }
        return new WorkerHeadSpan(spanId, start, toHead, status, header.substring(fourth + 1));
    }

    /**
     * The span as the exporters take it.
     *
     * @param parent         the supervisor's span, in whose trace the worker's is
     * @param path           the path the worker was asked for
     * @param afterHeadNanos from the worker's response head to the exchange's end, as the supervisor saw them
     */
    FinishedSpan toSpanData(SpanContext parent, String method, String path, long afterHeadNanos, Resource resource) {
        AttributesBuilder attributes = Attributes.builder().put(METHOD, method).put(URL_PATH, path)
                .put(ProxySpan.STATUS_CODE, (long) status);
        if (!route.isEmpty()) {
            attributes.put(ROUTE, route);
        }
        return new FinishedSpan(name(method, path), SpanKind.SERVER,
                SpanContext.create(parent.getTraceId(), TraceParent.hex(spanId), TraceFlags.getSampled(),
                        parent.getTraceState()),
                parent, status >= 500 ? StatusData.create(StatusCode.ERROR, error()) : StatusData.unset(),
                start, end(afterHeadNanos), attributes.build(), resource, WorkerSpanData.SCOPE);
    }

    /** Writes the span into {@code encoder}, as {@link #toSpanData} makes it; the parent is the proxy's span. */
    @SuppressWarnings("checkstyle:ParameterNumber")
    void encode(OtlpSpanEncoder encoder, long traceHigh, long traceLow, long parentId, String traceState,
            String method, String path, long afterHeadNanos, Resource resource) {
        ProtoWriter out = encoder.spans(resource, WorkerSpanData.SCOPE);
        int mark = OtlpSpanEncoder.beginSpan(out, traceHigh, traceLow, spanId, traceState, parentId,
                name(method, path), OtlpSpanEncoder.KIND_SERVER, start, end(afterHeadNanos));
        out.stringAttribute(OtlpSpanEncoder.ATTRIBUTE, METHOD_KEY, method);
        out.longAttribute(OtlpSpanEncoder.ATTRIBUTE, STATUS_CODE_KEY, status);
        if (!route.isEmpty()) {
            out.stringAttribute(OtlpSpanEncoder.ATTRIBUTE, ROUTE_KEY, route);
        }
        out.stringAttribute(OtlpSpanEncoder.ATTRIBUTE, URL_PATH_KEY, path);
        boolean failed = status >= 500;
        OtlpSpanEncoder.endSpan(out, mark, failed ? OtlpSpanEncoder.STATUS_ERROR : OtlpSpanEncoder.STATUS_UNSET,
                failed ? error() : "", false);
    }

    private String name(String method, String path) {
        return method + " " + (route.isEmpty() ? path : route);
    }

    private long end(long afterHeadNanos) {
        return start + toHead + Math.max(0, afterHeadNanos);
    }

    private String error() {
        return "HTTP " + status;
    }
}
