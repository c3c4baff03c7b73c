package dev.rt.protocol;

import java.util.Map;
import java.util.Objects;

/**
 * One span a worker recorded (its kind's request span, or a span inside it), as the supervisor exports it under the
 * service's name. Ids are lowercase hex, as in W3C {@code traceparent}.
 *
 * @param parentSpanId     the parent's id, empty for none
 * @param kind             {@code SERVER}, {@code CLIENT} or {@code INTERNAL}
 * @param startEpochNanos  when it started, in nanoseconds since the epoch
 * @param endEpochNanos    when it ended
 * @param error            a failure's description, empty when the span did not fail
 * @param attributes       string attributes
 * @param numbers          integer attributes ({@code http.response.status_code})
 */
@Positional // a frame holds hundreds: no field names
public record WorkerSpan(String traceId, String spanId, String parentSpanId, String name, String kind,
        long startEpochNanos, long endEpochNanos, String error, Map<String, String> attributes,
        Map<String, Long> numbers) {

    public WorkerSpan {
        Objects.requireNonNull(traceId, "traceId");
        Objects.requireNonNull(spanId, "spanId");
        Objects.requireNonNull(parentSpanId, "parentSpanId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(error, "error");
        attributes = Map.copyOf(attributes);
        numbers = Map.copyOf(numbers);
    }
}
