package dev.rt.protocol;

import java.util.List;

/** Spans a worker recorded since its last batch, for the supervisor to export with its own exporters. */
public record SpanBatch(List<WorkerSpan> spans) implements Message {
    public SpanBatch {
        spans = List.copyOf(spans);
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.spanBatch(this);
    }
}
