package dev.rt.supervisor.metrics;

import dev.rt.supervisor.agent.AgentConnection;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A started worker to ask for its metrics.
 *
 * @param elu the event-loop utilisation of its last {@code Stats}, if any arrived yet
 */
public record ScrapeTarget(String serviceId, int workerIndex, AgentConnection connection, OptionalDouble elu) {
    public ScrapeTarget {
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(elu, "elu");
    }
}
