package dev.rt.agent;

/**
 * An error of the worker agent: a bad environment, or an application that cannot be started. Its message goes to
 * the worker's stderr and, for a start, to the supervisor in {@code StartFailed}.
 */
final class AgentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AgentException(String message) {
        super(message);
    }
}
