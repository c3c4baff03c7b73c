package dev.rt.protocol;

/** Asks a worker for its metrics; answered by {@link MetricsReport} with the same id. */
public record MetricsRequest(long id) implements Message {
    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.metricsRequest(this);
    }
}
