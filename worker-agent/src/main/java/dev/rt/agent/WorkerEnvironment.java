package dev.rt.agent;

import dev.rt.protocol.Protocol;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The environment the supervisor gives a worker JVM.
 *
 * @param agentSocket path of the supervisor's UNIX socket ({@code RT_AGENT_SOCKET})
 * @param serviceId   the service this worker belongs to ({@code RT_SERVICE_ID})
 * @param workerIndex the worker's index ({@code RT_WORKER_ID})
 * @param port        the port offered to a wrapped application ({@code PORT}), when set
 */
record WorkerEnvironment(Path agentSocket, String serviceId, int workerIndex, OptionalInt port) {

    WorkerEnvironment {
        Objects.requireNonNull(agentSocket, "agentSocket");
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(port, "port");
    }

    /** Reads and checks the variables; throws {@link AgentException} naming the first one missing or wrong. */
    static WorkerEnvironment from(Map<String, String> env) {
        Path socket = Path.of(required(env, Protocol.ENV_AGENT_SOCKET));
        String serviceId = required(env, Protocol.ENV_SERVICE_ID);
        int workerIndex = integer(Protocol.ENV_WORKER_ID, required(env, Protocol.ENV_WORKER_ID), 0, Integer.MAX_VALUE);
        String port = env.get(Protocol.ENV_PORT);
        OptionalInt portNumber = port == null || port.isBlank()
                ? OptionalInt.empty()
                : OptionalInt.of(integer(Protocol.ENV_PORT, port, 1, 65535));
        return new WorkerEnvironment(socket, serviceId, workerIndex, portNumber);
    }

    /** How log lines name this worker: {@code <service>:<index>}. */
    String workerName() {
        return serviceId + ":" + workerIndex;
    }

    private static String required(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            throw new AgentException("the environment variable " + name
                    + " is not set; worker JVMs are started by the rt supervisor, which sets it");
        }
        return value;
    }

    private static int integer(String name, String value, int min, int max) {
        try {
            int number = Integer.parseInt(value.trim());
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new AgentException("the environment variable " + name
                + " must be an integer from " + min + " to " + max + ", found \"" + value + "\"");
    }
}
