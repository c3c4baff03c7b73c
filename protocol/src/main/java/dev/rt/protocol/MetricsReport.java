package dev.rt.protocol;

import java.util.List;
import java.util.Objects;

/** A worker's metric families, answering the {@link MetricsRequest} with the same id. */
public record MetricsReport(long id, List<MetricFamily> families) implements Message {
    public MetricsReport {
        families = List.copyOf(Objects.requireNonNull(families, "families"));
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.metricsReport(this);
    }
}
