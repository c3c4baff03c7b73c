package dev.rt.agent;

import dev.rt.kind.KindSpan;
import dev.rt.kind.RequestTracing;
import dev.rt.protocol.WorkerSpan;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * rt's light tracing inside a worker: a span for each request whose {@code traceparent} is sampled, ids drawn from
 * {@link ThreadLocalRandom}, ended spans handed to a {@link SpanShipper} that sends them to the supervisor, which
 * exports them. No OpenTelemetry code runs in the worker.
 */
final class AgentTracing implements RequestTracing {
    private static final int TRACEPARENT_LENGTH = 55;

    private final Consumer<WorkerSpan> ended;

    AgentTracing(Consumer<WorkerSpan> ended) {
        this.ended = ended;
    }

    @Override
    public KindSpan serverSpan(String traceparent, String method, String path) {
        if (traceparent == null || traceparent.length() < TRACEPARENT_LENGTH || !traceparent.startsWith("00-")
                || traceparent.charAt(35) != '-' || traceparent.charAt(52) != '-') {
            return KindSpan.NONE;
        }
        int flags = Character.digit(traceparent.charAt(54), 16);
        if (flags < 0 || (flags & 1) == 0) {
            return KindSpan.NONE;
        }
        String traceId = traceparent.substring(3, 35);
        String parentId = traceparent.substring(36, 52);
        if (!hex(traceId) || !hex(parentId)) {
            return KindSpan.NONE;
        }
        return AgentSpan.server(this, traceId, parentId, method, path);
    }

    /** A new span id: 16 hex digits, never all zeros. */
    static String newSpanId() {
        long id;
        do {
            id = ThreadLocalRandom.current().nextLong();
        } while (id == 0);
        return HexFormat.of().toHexDigits(id);
    }

    void ended(WorkerSpan span) {
        ended.accept(span);
    }

    private static boolean hex(String id) {
        boolean nonZero = false;
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
            nonZero |= c != '0';
        }
        return nonZero;
    }
}
