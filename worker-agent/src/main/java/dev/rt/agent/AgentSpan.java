package dev.rt.agent;

import dev.rt.kind.KindSpan;
import dev.rt.protocol.WorkerSpan;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** A span {@link AgentTracing} records; its start and end are wall-clock nanoseconds. */
final class AgentSpan implements KindSpan {
    private final AgentTracing tracing;
    private final String traceId;
    private final String spanId;
    private final String parentId;
    private final String kind;
    private final String method; // of a SERVER span, for its name once routed
    private final long startEpochNanos;
    private final Map<String, String> attributes = new HashMap<>();
    private final Map<String, Long> numbers = new HashMap<>();
    private String name;
    private String error = "";
    private boolean ended;

    AgentSpan(AgentTracing tracing, String traceId, String parentId, String name, String kind, String method) {
        this.tracing = tracing;
        this.traceId = traceId;
        this.spanId = AgentTracing.newSpanId();
        this.parentId = parentId;
        this.name = name;
        this.kind = kind;
        this.method = method;
        this.startEpochNanos = now();
    }

    @Override
    public boolean isRecording() {
        return true;
    }

    @Override
    public synchronized void route(String route) {
        attributes.put("http.route", route);
        if (method != null) {
            name = method + " " + route;
        }
    }

    @Override
    public synchronized void attribute(String key, String value) {
        attributes.put(key, value);
    }

    @Override
    public synchronized void attribute(String key, long value) {
        numbers.put(key, value);
    }

    @Override
    public synchronized void status(int status) {
        numbers.put("http.response.status_code", (long) status);
        if (status >= 500 && error.isEmpty()) {
            error = "HTTP " + status;
        }
    }

    @Override
    public synchronized void fail(String description) {
        error = description == null || description.isEmpty() ? "failed" : description;
    }

    @Override
    public KindSpan child(String childName, Kind childKind) {
        return new AgentSpan(tracing, traceId, spanId, childName, childKind.name(), null);
    }

    @Override
    public Optional<String> traceparent() {
        return Optional.of("00-" + traceId + "-" + spanId + "-01");
    }

    @Override
    public void end() {
        WorkerSpan span;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            span = new WorkerSpan(traceId, spanId, parentId, name, kind, startEpochNanos, now(), error, attributes,
                    numbers);
        }
        tracing.ended(span);
    }

    private static long now() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
