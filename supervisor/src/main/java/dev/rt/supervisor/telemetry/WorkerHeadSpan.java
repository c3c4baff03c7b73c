package dev.rt.supervisor.telemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.StatusData;

/**
 * A worker's SERVER span as it comes back in its response head ({@code x-rt-span}):
 * {@code <span id>;<start, epoch ns>;<ns from the start to the head>;<status>;<route>}, the route empty when none
 * matched. Its parent is the supervisor's span of the exchange; it ends as much after its head as the response's
 * last part reached the supervisor after the head did. A value that does not read so is no span.
 */
final class WorkerHeadSpan {
    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> URL_PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");

    private WorkerHeadSpan() {
    }

    /**
     * The span {@code header} describes, or null when it is malformed.
     *
     * @param parent        the supervisor's span, in whose trace the worker's is
     * @param path          the path the worker was asked for
     * @param afterHeadNanos from the worker's response head to the exchange's end, as the supervisor saw them
     */
    static FinishedSpan of(String header, SpanContext parent, String method, String path, long afterHeadNanos,
            Resource resource) {
        int first = header.indexOf(';');
        int second = first < 0 ? -1 : header.indexOf(';', first + 1);
        int third = second < 0 ? -1 : header.indexOf(';', second + 1);
        int fourth = third < 0 ? -1 : header.indexOf(';', third + 1);
        if (first != 16 || fourth < 0 || !TraceParent.lowerHex(header, 0, 16)) {
            return null;
        }
        String spanId = header.substring(0, 16);
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
        if (spanId.equals("0000000000000000") || start <= 0 || toHead < 0 || status < 100 || status > 999) {
            return null;
        }
        String route = header.substring(fourth + 1);
        AttributesBuilder attributes = Attributes.builder().put(METHOD, method).put(URL_PATH, path)
                .put(ProxySpan.STATUS_CODE, (long) status);
        if (!route.isEmpty()) {
            attributes.put(ROUTE, route);
        }
        return new FinishedSpan(method + " " + (route.isEmpty() ? path : route), SpanKind.SERVER,
                SpanContext.create(parent.getTraceId(), spanId, TraceFlags.getSampled(), TraceState.getDefault()),
                parent, status >= 500 ? StatusData.create(StatusCode.ERROR, "HTTP " + status) : StatusData.unset(),
                start, start + toHead + Math.max(0, afterHeadNanos), attributes.build(), resource,
                WorkerSpanData.SCOPE, true);
    }
}
