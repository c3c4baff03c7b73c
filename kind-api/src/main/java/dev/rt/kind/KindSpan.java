package dev.rt.kind;

import java.util.Optional;

/**
 * A span a kind records ({@link RequestTracing}): a request's SERVER span, or a span inside it (a SQL query, a call
 * to another service). Methods may be called from any thread; {@link #end} once, last.
 */
public interface KindSpan {
    /** A span that is not recorded. */
    KindSpan NONE = new KindSpan() {
    };

    /** What a child span does. */
    enum Kind {
        INTERNAL, CLIENT
    }

    /** Whether this span is recorded: attributes of a span that is not may be left uncomputed. */
    default boolean isRecording() {
        return false;
    }

    /** The route that matched ({@code /products/:id}): the {@code http.route} attribute and the span's new name. */
    default void route(String route) {
    }

    default void attribute(String key, String value) {
    }

    default void attribute(String key, long value) {
    }

    /** The response status: {@code http.response.status_code}; a SERVER span with 5xx fails. */
    default void status(int status) {
    }

    /** Marks the span failed, with what happened. */
    default void fail(String description) {
    }

    /** Starts a span whose parent is this one; {@link #NONE} when this one is not recorded. */
    default KindSpan child(String name, Kind kind) {
        return NONE;
    }

    /** The {@code traceparent} a call this span makes carries, so the callee's spans join the trace. */
    default Optional<String> traceparent() {
        return Optional.empty();
    }

    /** Ends the span: it is exported. */
    default void end() {
    }
}
