package dev.rt.supervisor.telemetry;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.util.List;

/**
 * The W3C {@code tracestate} a request came in with, as the spans of its trace carry it: read as OpenTelemetry's
 * W3C propagator reads it (a list that breaks its rules is no trace state), and written back in its W3C form. The
 * last value read is kept, since the requests of one client tend to repeat theirs.
 */
final class TraceStates {
    static final String HEADER = "tracestate";
    private static final String ANY_PARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final TextMapGetter<String> GETTER = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(String carrier) {
            return List.of(TraceParent.HEADER.toString(), HEADER);
        }

        @Override
        public String get(String carrier, String key) {
            return key.equals(HEADER) ? carrier : ANY_PARENT;
        }
    };

    /** A header's value, its trace state and that state's W3C form (empty when it has none). */
    record Read(String header, TraceState state, String encoded) {
    }

    private static final Read NONE = new Read("", TraceState.getDefault(), "");
    private static volatile Read last = NONE;

    private TraceStates() {
    }

    /** The trace state of {@code header}, a request's {@code tracestate}; null or empty for none. */
    static Read of(String header) {
        if (header == null || header.isEmpty()) {
            return NONE;
        }
        Read known = last;
        if (known.header.equals(header)) {
            return known;
        }
        TraceState state = Span.fromContext(W3CTraceContextPropagator.getInstance().extract(Context.root(), header,
                GETTER)).getSpanContext().getTraceState();
        StringBuilder encoded = new StringBuilder(header.length());
        state.forEach((key, value) -> (encoded.isEmpty() ? encoded : encoded.append(',')).append(key).append('=')
                .append(value));
        Read read = new Read(header, state, encoded.toString());
        last = read;
        return read;
    }
}
