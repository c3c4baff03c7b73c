package dev.rt.supervisor.messaging;

import dev.rt.supervisor.agent.AgentConnection;
import java.util.Optional;

/** Where a message for a service goes: the next of its started, connected workers, round robin. */
@FunctionalInterface
public interface MessageTargets {
    Optional<AgentConnection> next(String serviceId);
}
