package dev.rt.agent;

import dev.rt.kind.KindSpan;
import dev.rt.kind.ResponseHeadSpan;
import dev.rt.protocol.WorkerSpan;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A span {@link AgentTracing} records; its start and end are wall-clock nanoseconds. A request's SERVER span that
 * holds no more than its method, path, route and status goes back in its response head
 * ({@link ResponseHeadSpan}); any other is sent when it ends.
 */
final class AgentSpan implements ResponseHeadSpan {
    private final AgentTracing tracing;
    private final String traceId;
    private final String spanId;
    private final String parentId;
    private final String kind;
    private final String method; // of a SERVER span: its name is "<method> <route or path>"
    private final String path; // of a SERVER span
    private final String childName; // of any other span
    private final long startEpochNanos;
    private final long startNanos;
    private Map<String, String> attributes; // those beyond method, path and route; null while there are none
    private Map<String, Long> numbers;
    private String route;
    private int status;
    private String error = "";
    private boolean ended;
    private boolean inHead;

    private AgentSpan(AgentTracing tracing, String traceId, String parentId, String kind, String method, String path,
            String childName) {
        this.tracing = tracing;
        this.traceId = traceId;
        this.spanId = AgentTracing.newSpanId();
        this.parentId = parentId;
        this.kind = kind;
        this.method = method;
        this.path = path;
        this.childName = childName;
        this.startEpochNanos = now();
        this.startNanos = System.nanoTime();
    }

    /** The SERVER span of a request. */
    static AgentSpan server(AgentTracing tracing, String traceId, String parentId, String method, String path) {
        return new AgentSpan(tracing, traceId, parentId, "SERVER", method, path, null);
    }

    @Override
    public boolean isRecording() {
        return true;
    }

    @Override
    public synchronized void route(String matched) {
        route = matched;
    }

    @Override
    public synchronized void attribute(String key, String value) {
        if (attributes == null) {
            attributes = new HashMap<>();
        }
        attributes.put(key, value);
    }

    @Override
    public synchronized void attribute(String key, long value) {
        if (numbers == null) {
            numbers = new HashMap<>();
        }
        numbers.put(key, value);
    }

    @Override
    public synchronized void status(int code) {
        status = code;
        if (code >= 500 && error.isEmpty()) {
            error = "HTTP " + code;
        }
    }

    @Override
    public synchronized void fail(String description) {
        error = description == null || description.isEmpty() ? "failed" : description;
    }

    @Override
    public KindSpan child(String name, Kind childKind) {
        return new AgentSpan(tracing, traceId, spanId, childKind.name(), null, null, name);
    }

    @Override
    public Optional<String> traceparent() {
        return Optional.of("00-" + traceId + "-" + spanId + "-01");
    }

    /** {@code <span id>;<start, epoch ns>;<ns to the head>;<status>;<route>}, the route empty when none matched. */
    @Override
    public synchronized String inResponseHead(int code) {
        if (ended || inHead || method == null || !error.isEmpty() || attributes != null || numbers != null
                || code < 100 || code > 999 || route != null && !headerSafe(route)) {
            return null;
        }
        inHead = true;
        status = code;
        return new StringBuilder(64).append(spanId).append(';').append(startEpochNanos).append(';')
                .append(System.nanoTime() - startNanos).append(';').append(code).append(';')
                .append(route == null ? "" : route).toString();
    }

    @Override
    public void end() {
        WorkerSpan span;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            if (inHead) {
                return; // the supervisor has it from the response head
            }
            span = toWorkerSpan(now());
        }
        tracing.ended(span);
    }

    private WorkerSpan toWorkerSpan(long endEpochNanos) {
        Map<String, String> strings = attributes == null ? new HashMap<>() : attributes;
        Map<String, Long> longs = numbers == null ? new HashMap<>() : numbers;
        String name = childName;
        if (method != null) {
            strings.put("http.request.method", method);
            strings.put("url.path", path);
            name = method + " " + (route != null ? route : path);
        }
        if (route != null) {
            strings.put("http.route", route);
        }
        if (status > 0) {
            longs.put("http.response.status_code", (long) status);
        }
        return new WorkerSpan(traceId, spanId, parentId, name, kind, startEpochNanos, endEpochNanos, error, strings,
                longs);
    }

    /** Printable ASCII without the separator's place mattering (the route comes last). */
    private static boolean headerSafe(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }

    private static long now() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
